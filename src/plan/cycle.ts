/**
 * Finding a cycle to print. Layering only fails on cycles, and a cycle is only fixable when the user
 * sees it as a path of their own construct paths: `a → b → c → a`.
 */

/**
 * One cycle among `nodes` (ids in a deterministic order), following `next`; undefined if acyclic.
 * The returned path starts and ends with the same id.
 */
export function findCycle(nodes: readonly string[], next: (id: string) => readonly string[]): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];

  // Iterative DFS: graphs from generated charts can be deep enough to overflow recursion.
  for (const root of nodes) {
    if (state.has(root)) continue;
    const iters: Array<{ id: string; succ: readonly string[]; i: number }> = [];
    state.set(root, 'open');
    stack.push(root);
    iters.push({ id: root, succ: next(root), i: 0 });
    while (iters.length > 0) {
      const top = iters[iters.length - 1];
      if (top.i >= top.succ.length) {
        state.set(top.id, 'done');
        stack.pop();
        iters.pop();
        continue;
      }
      const s = top.succ[top.i++];
      const st = state.get(s);
      if (st === 'open') {
        return [...stack.slice(stack.indexOf(s)), s];
      }
      if (st === undefined) {
        state.set(s, 'open');
        stack.push(s);
        iters.push({ id: s, succ: next(s), i: 0 });
      }
    }
  }
  return undefined;
}

/** `a → b → a`, with labels. */
export function formatPath(path: readonly string[], label: (id: string) => string = (x) => x): string {
  return path.map(label).join(' → ');
}
