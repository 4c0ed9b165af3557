/**
 * `app.charts`: an app's charts in the order cdk8s numbers their files, found as cdk8s finds it
 * (its `dependency.ts`): a graph of every construct of the app and every dependency between them,
 * each construct without dependants hung under one root in the order a map keyed by path gives
 * (array-index paths first, ascending), then the post-order of a depth-first walk from that root,
 * the charts kept.
 *
 * Why not ask cdk8s: `app.charts` keys its graph by path, so it builds each construct's path string
 * twice per dependency, and checks every dependency it adds for a cycle by walking the graph. After
 * cdk8s copies a chart order onto every pair of objects (two charts of 500 objects one after the
 * other: 251,022 dependencies), that took ~150 ms per call, and an ArgoApplication's file names
 * need the order at each render of it (at the proof and at the output: two calls more than the
 * plain app's one). This walk reads each dependency once, by identity.
 *
 * Where cdk8s would fail (a cycle, or a construct that depends on itself, on which cdk8s's walk
 * never returns), the answer is cdk8s's own: `app.charts` is asked, and throws as it does.
 */
import { App, Chart } from 'cdk8s';
import { IConstruct } from 'constructs';
import { dependenciesOf } from './cdk8s-internals';

const WHITE = 0;
const GREY = 1;
const BLACK = 2;

/** The app's charts in `app.charts` order (see the file comment). */
export function chartsInOrder(app: App): Chart[] {
  const all = app.node.findAll();
  const at = new Map<IConstruct, number>();
  for (let i = 0; i < all.length; i++) at.set(all[i], i);
  // cdk8s looks a dependency's target up by path; one outside the app's tree is found only if a
  // construct of the tree has its path.
  let byPath: Map<string, number> | undefined;
  const vertexOf = (c: IConstruct): number | undefined => {
    const i = at.get(c);
    if (i !== undefined) return i;
    byPath ??= new Map(all.map((x, k) => [x.node.path, k]));
    return byPath.get(c.node.path);
  };
  const out: number[][] = all.map(() => []);
  const hasDependant = new Uint8Array(all.length);
  for (let i = 0; i < all.length; i++) {
    const deps = dependenciesOf(all[i]);
    for (let k = 0; k < deps.length; k++) {
      const j = vertexOf(deps[k]);
      if (j === undefined) continue; // cdk8s: "dont cross scope boundaries"
      out[i].push(j);
      hasDependant[j] = 1;
    }
  }
  const color = new Uint8Array(all.length);
  const order: Chart[] = [];
  for (const root of rootsInPathOrder(all, hasDependant)) {
    if (color[root] !== WHITE) continue;
    if (!walk(root, out, color, (v) => { if (all[v] instanceof Chart) order.push(all[v] as Chart); })) return app.charts;
  }
  // Every construct of a graph without cycles is below a construct without dependants.
  if (color.includes(WHITE)) return app.charts;
  return order;
}

/**
 * Post-order from `root`, each vertex once (cdk8s walks a vertex again each time it is reached,
 * which adds nothing once it has been walked). False on a cycle.
 */
function walk(root: number, out: readonly number[][], color: Uint8Array, visit: (v: number) => void): boolean {
  const stack = [root];
  const next = [0];
  color[root] = GREY;
  while (stack.length > 0) {
    const top = stack.length - 1;
    const v = stack[top];
    const edges = out[v];
    if (next[top] < edges.length) {
      const w = edges[next[top]++];
      if (color[w] === GREY) return false;
      if (color[w] === WHITE) {
        color[w] = GREY;
        stack.push(w);
        next.push(0);
      }
      continue;
    }
    color[v] = BLACK;
    visit(v);
    stack.pop();
    next.pop();
  }
  return true;
}

/**
 * The constructs without dependants, in the order `Object.values` gives a map keyed by their paths:
 * array-index keys first, ascending, then the rest as inserted (tree order). Only a child of the
 * root has a path of one component, so only such a child's path can be an array index.
 */
function rootsInPathOrder(all: readonly IConstruct[], hasDependant: Uint8Array): number[] {
  const indexed: [number, number][] = [];
  const rest: number[] = [];
  for (let i = 0; i < all.length; i++) {
    if (hasDependant[i]) continue;
    const c = all[i];
    const key = c.node.scope !== undefined && c.node.scope.node.scope === undefined ? arrayIndex(c.node.path) : undefined;
    if (key === undefined) rest.push(i);
    else indexed.push([key, i]);
  }
  indexed.sort((a, b) => a[0] - b[0]);
  return [...indexed.map(([, i]) => i), ...rest];
}

/** The number a property key stands for when JavaScript orders it as an array index, else undefined. */
function arrayIndex(key: string): number | undefined {
  if (!/^(0|[1-9][0-9]*)$/.test(key)) return undefined;
  const n = Number(key);
  return n < 2 ** 32 - 1 ? n : undefined;
}
