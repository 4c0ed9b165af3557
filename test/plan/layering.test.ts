import * as fc from 'fast-check';
import { computeWaves, findCycle, formatWave, layer, OrderEdge, OrderingError } from '../../src/plan';

type Edge = [number, number, number]; // before, after, gap

/** A random DAG: edges only go from a lower to a higher node index, each with a gap of 0 or 1. */
const dag = fc.integer({ min: 1, max: 25 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    edges: n < 2 ? fc.constant([] as Edge[]) : fc.uniqueArray(
      fc.tuple(fc.nat(n - 2), fc.nat(n - 2), fc.integer({ min: 0, max: 1 }))
        .map(([a, d, g]): Edge => [Math.min(a, d), Math.max(a, d) + 1, g]),
      { maxLength: n * 3, selector: ([a, b]) => `${a}-${b}` },
    ),
    // Shuffle node declaration order so the algorithm cannot rely on index order.
    order: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
  }),
);

function toGraph(g: { n: number; edges: Edge[]; order: number[] }) {
  const nodes = g.order.map((i) => ({ id: `n${i}` }));
  const edges: OrderEdge[] = g.edges.map(([a, b, gap]) => ({ before: `n${a}`, after: `n${b}`, gap }));
  return { nodes, edges };
}

/** Heaviest path (sum of gaps), by brute-force memoised DFS (independent of `layer`). */
function longestWeightedPath(n: number, edges: Edge[]): number {
  const memo = new Map<number, number>();
  const from = (v: number): number => {
    if (memo.has(v)) return memo.get(v)!;
    const r = Math.max(0, ...edges.filter(([a]) => a === v).map(([, b, g]) => g + from(b)));
    memo.set(v, r);
    return r;
  };
  return Math.max(...[...Array(n).keys()].map(from));
}

const gapOf = (e: OrderEdge) => e.gap ?? 1;

describe('layer (longest-path layering)', () => {
  test('every edge is honoured with its gap: after sits at least gap waves after before', () => {
    fc.assert(fc.property(dag, (g) => {
      const { nodes, edges } = toGraph(g);
      const w = layer(nodes, edges);
      for (const e of edges) expect(w.get(e.after)! - w.get(e.before)!).toBeGreaterThanOrEqual(gapOf(e));
    }));
  });

  test('wave count is 1 + the heaviest path, waves are 0..k-1 with none empty', () => {
    fc.assert(fc.property(dag, (g) => {
      const { nodes, edges } = toGraph(g);
      const w = layer(nodes, edges);
      const used = [...new Set(w.values())].sort((a, b) => a - b);
      const k = 1 + longestWeightedPath(g.n, g.edges);
      expect(used).toEqual([...Array(k).keys()]);
    }));
  });

  test('with every gap 1 (the default) this is plain longest-path layering: one wave per node on the longest path', () => {
    fc.assert(fc.property(dag, (g) => {
      const { nodes } = toGraph(g);
      const w = layer(nodes, g.edges.map(([a, b]) => ({ before: `n${a}`, after: `n${b}` })));
      const k = 1 + longestWeightedPath(g.n, g.edges.map(([a, b]): Edge => [a, b, 1]));
      expect(new Set(w.values()).size).toBe(k);
    }));
  });

  test('each node sits at its latest predecessor plus the gap (no node could move earlier)', () => {
    fc.assert(fc.property(dag, (g) => {
      const { nodes, edges } = toGraph(g);
      const w = layer(nodes, edges);
      for (const n of nodes) {
        const preds = edges.filter((e) => e.after === n.id).map((e) => w.get(e.before)! + gapOf(e));
        expect(w.get(n.id)).toBe(preds.length === 0 ? 0 : Math.max(...preds));
      }
    }));
  });

  test('parallel edges: the largest gap wins', () => {
    const w = layer([{ id: 'a' }, { id: 'b' }], [{ before: 'a', after: 'b', gap: 0 }, { before: 'a', after: 'b', gap: 1 }]);
    expect([w.get('a'), w.get('b')]).toEqual([0, 1]);
    expect(() => layer([{ id: 'a' }, { id: 'b' }], [{ before: 'a', after: 'b', gap: 2 }])).toThrow('a gap is 0 or 1');
  });

  test('a cycle of gap-0 edges is still a cycle', () => {
    expect(() => layer([{ id: 'cm' }, { id: 'web' }], [
      { before: 'cm', after: 'web', gap: 0 },
      { before: 'web', after: 'cm', gap: 0 },
    ])).toThrow('dependency cycle: cm → web → cm');
  });

  test('a cycle is always found and printed as a closed path of real edges', () => {
    fc.assert(fc.property(dag, fc.nat(), (g, pick) => {
      if (g.edges.length === 0) return;
      // Close a cycle: add a back edge from the end of an existing edge to its start.
      const [a, b, gap] = g.edges[pick % g.edges.length];
      const { nodes, edges } = toGraph(g);
      const withBack = [...edges, { before: `n${b}`, after: `n${a}`, gap }];
      let message = '';
      try {
        layer(nodes, withBack);
      } catch (e) {
        expect(e).toBeInstanceOf(OrderingError);
        message = (e as Error).message;
      }
      const m = /dependency cycle: (.*) \(each arrow/.exec(message);
      expect(m).not.toBeNull();
      const path = m![1].split(' → ');
      expect(path.length).toBeGreaterThanOrEqual(3);
      expect(path[0]).toBe(path[path.length - 1]);
      const has = new Set(withBack.map((e) => `${e.before}>${e.after}`));
      for (let i = 0; i + 1 < path.length; i++) expect(has.has(`${path[i]}>${path[i + 1]}`)).toBe(true);
    }));
  });

  test('deterministic: same graph, same waves, whatever the declaration order', () => {
    fc.assert(fc.property(dag, (g) => {
      const { nodes, edges } = toGraph(g);
      const a = layer(nodes, edges);
      const b = layer([...nodes].reverse(), [...edges].reverse());
      for (const n of nodes) expect(b.get(n.id)).toBe(a.get(n.id));
    }));
  });

  test('prints a readable cycle with labels', () => {
    const label = (id: string) => `Tier chart/${id}`;
    expect(() => layer([{ id: 'config' }, { id: 'web' }, { id: 'edge' }], [
      { before: 'config', after: 'web' },
      { before: 'web', after: 'edge' },
      { before: 'edge', after: 'config' },
    ], label)).toThrow('dependency cycle: Tier chart/config → Tier chart/web → Tier chart/edge → Tier chart/config');
  });

  test('an arrow the user did not write says why it exists; the others stay as written', () => {
    const label = (id: string) => `Tier chart/${id}`;
    expect(() => layer([{ id: 'config' }, { id: 'operator' }], [
      { before: 'config', after: 'operator' },
      { before: 'operator', after: 'config', why: 'chart/order is an instance of CustomResourceDefinition orders.shop.example.com' },
      { before: 'operator', after: 'config', why: 'a second reason for the same arrow' },
    ], label)).toThrow('dependency cycle: Tier chart/config → Tier chart/operator → Tier chart/config (each arrow means "is applied before"; '
      + 'Tier chart/operator → Tier chart/config because chart/order is an instance of CustomResourceDefinition orders.shop.example.com); '
      + 'remove one of these dependencies');
  });
});

describe('pins', () => {
  test('a pinned node keeps its wave and successors follow it', () => {
    const w = layer([{ id: 'a', pin: 5 }, { id: 'b' }, { id: 'c' }], [{ before: 'a', after: 'b' }, { before: 'b', after: 'c' }]);
    expect([w.get('a'), w.get('b'), w.get('c')]).toEqual([5, 6, 7]);
  });

  test('unpinned predecessors of a low pin move below it', () => {
    const w = layer([{ id: 'ns' }, { id: 'app', pin: -3 }], [{ before: 'ns', after: 'app' }]);
    expect(w.get('ns')).toBe(-4);
  });

  test('gap 0 lets a successor share its pinned predecessor\'s wave; a lower pin still conflicts', () => {
    const w = layer([{ id: 'cm', pin: 2 }, { id: 'web' }], [{ before: 'cm', after: 'web', gap: 0 }]);
    expect([w.get('cm'), w.get('web')]).toEqual([2, 2]);
    const same = layer([{ id: 'cm', pin: 2 }, { id: 'web', pin: 2 }], [{ before: 'cm', after: 'web', gap: 0 }]);
    expect(same.get('web')).toBe(2);
    const below = layer([{ id: 'cm' }, { id: 'web', pin: -3 }], [{ before: 'cm', after: 'web', gap: 0 }]);
    expect(below.get('cm')).toBe(-3);
    expect(() => layer([{ id: 'cm', pin: 2 }, { id: 'web', pin: 2 }], [{ before: 'cm', after: 'web' }])).toThrow(
      'wave pin conflict: cm is pinned to wave 2 but must be applied before web, pinned to wave 2',
    );
    expect(() => layer([{ id: 'cm', pin: 3 }, { id: 'web', pin: 2 }], [{ before: 'cm', after: 'web', gap: 0 }])).toThrow(
      'wave pin conflict: cm is pinned to wave 3 but must be applied before web, pinned to wave 2',
    );
  });

  test('a pin that contradicts an edge names both units', () => {
    expect(() => layer([{ id: 'a', pin: 5 }, { id: 'b' }, { id: 'c', pin: 3 }], [
      { before: 'a', after: 'b' },
      { before: 'b', after: 'c' },
    ], (id) => `Tier chart/${id}`)).toThrow(
      'wave pin conflict: Tier chart/a is pinned to wave 5 but must be applied before Tier chart/c, pinned to wave 3 (through Tier chart/b)',
    );
  });

  test('pins on random DAGs: either an error, or every edge holds and every pin is kept', () => {
    fc.assert(fc.property(dag, fc.array(fc.tuple(fc.nat(), fc.integer({ min: -5, max: 10 })), { maxLength: 4 }), (g, pins) => {
      const { nodes, edges } = toGraph(g);
      const pinned = new Map(pins.map(([i, w]) => [`n${i % g.n}`, w]));
      const withPins = nodes.map((n) => ({ ...n, pin: pinned.get(n.id) }));
      let w: Map<string, number>;
      try {
        w = layer(withPins, edges);
      } catch (e) {
        expect((e as Error).message).toMatch(/^wave pin conflict: n\d+ is pinned to wave -?\d+ but must be applied before n\d+, pinned to wave -?\d+/);
        return;
      }
      for (const e of edges) expect(w.get(e.after)! - w.get(e.before)!).toBeGreaterThanOrEqual(gapOf(e));
      for (const [id, p] of pinned) expect(w.get(id)).toBe(p);
    }));
  });
});

describe('computeWaves across phases', () => {
  const unit = (id: string, phase: 'PreSync' | 'Sync' | 'PostSync' | 'SyncFail', extra: object = {}) => ({ id, label: id, phase, ...extra });

  test('hooks of one phase get waves inside it; other phases hold by phase order', () => {
    const { waves, waveEdges } = computeWaves([
      unit('migrate', 'PreSync'), unit('seed', 'PreSync'), unit('config', 'Sync'), unit('web', 'Sync'), unit('smoke', 'PostSync'),
    ], [
      { before: 'migrate', after: 'seed' },
      { before: 'config', after: 'web' },
      { before: 'seed', after: 'web' },
      { before: 'web', after: 'smoke' },
    ]);
    expect(Object.fromEntries(waves)).toEqual({ migrate: 0, seed: 1, config: 0, web: 1, smoke: 0 });
    expect(waveEdges).toHaveLength(2);
  });

  test('a Namespace placed before its users lands at -1 while user tiers start at 0', () => {
    const { waves } = computeWaves([unit('ns', 'Sync', { infra: true }), unit('config', 'Sync'), unit('web', 'Sync')], [
      { before: 'ns', after: 'config' }, { before: 'config', after: 'web' },
    ]);
    expect(Object.fromEntries(waves)).toEqual({ ns: -1, config: 0, web: 1 });
  });

  test('a gap-0 edge shares a wave; the Namespace over a gap-0 edge shares its first user\'s wave', () => {
    const { waves } = computeWaves([unit('ns', 'Sync', { infra: true }), unit('config', 'Sync'), unit('web', 'Sync'), unit('edge', 'Sync')], [
      { before: 'ns', after: 'config', gap: 0 }, { before: 'config', after: 'web', gap: 0 }, { before: 'web', after: 'edge', gap: 1 },
    ]);
    expect(Object.fromEntries(waves)).toEqual({ ns: 0, config: 0, web: 0, edge: 1 });
  });

  test.each([
    ['PreSync hook after a Sync tier', unit('web', 'Sync'), unit('migrate', 'PreSync'), 'migrate (PreSync) is ordered after web (Sync), which can never hold'],
    ['Sync tier after a PostSync hook', unit('smoke', 'PostSync'), unit('web', 'Sync'), 'web (Sync) is ordered after smoke (PostSync), which can never hold'],
    ['anything after a SyncFail hook', unit('notify', 'SyncFail'), unit('web', 'Sync'), 'SyncFail hooks only run when a sync fails'],
    ['SyncFail after SyncFail', unit('a', 'SyncFail'), unit('b', 'SyncFail'), 'starts all SyncFail hooks at once'],
  ])('%s is an error naming both', (_, before, after, message) => {
    expect(() => computeWaves([before, after], [{ before: before.id, after: after.id }])).toThrow(message);
  });

  test('SyncFail units get no wave', () => {
    const { waves } = computeWaves([unit('web', 'Sync'), unit('notify', 'SyncFail')], [{ before: 'web', after: 'notify' }]);
    expect(waves.has('notify')).toBe(false);
  });
});

describe('formatWave', () => {
  test('canonical strings', () => {
    expect([-1, 0, -0, 1, 42].map(formatWave)).toEqual(['-1', '0', '0', '1', '42']);
    expect(() => formatWave(1.5)).toThrow('sync wave must be an integer');
  });

  test('round-trips through strict Atoi for any safe integer', () => {
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), (n) => {
      const s = formatWave(n);
      expect(s).toMatch(/^(0|-?[1-9]\d*)$/);
      expect(Number(s)).toBe(n);
    }));
  });
});

describe('findCycle', () => {
  test('returns undefined on a DAG', () => {
    expect(findCycle(['a', 'b'], (id) => (id === 'a' ? ['b'] : []))).toBeUndefined();
  });
});
