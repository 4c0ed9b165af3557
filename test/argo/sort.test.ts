import * as fc from 'fast-check';
import { compareArgo, compareBytes, compareTasks, KIND_ORDER, PHASE_RANK, SortableTask, sortTasks, SyncPhase } from '../../src/argo';

const t = (s: Partial<SortableTask>): SortableTask => ({ phase: 'Sync', wave: 0, kind: '', name: '', ...s });
const label = (x: SortableTask) => `${x.phase}/${x.wave}/${x.kind}/${x.name}`;

const taskArb: fc.Arbitrary<SortableTask> = fc.record({
  phase: fc.constantFrom<SyncPhase>('PreSync', 'Sync', 'PostSync', 'SyncFail'),
  wave: fc.integer({ min: -3, max: 3 }),
  kind: fc.constantFrom(...KIND_ORDER.slice(0, 6), 'Deployment', 'Service', 'Widget', 'Gadget', ''),
  name: fc.string({ unit: fc.constantFrom('a', 'b', '1', '-', '.', 'A', 'é', '\uE000', '😀'), maxLength: 4 }),
  group: fc.constantFrom('', 'apps', 'example.com'),
  namespace: fc.constantFrom('', 'a', 'b'),
  apiVersion: fc.constantFrom('v1', 'apps/v1'),
  action: fc.constantFrom<'apply' | 'prune'>('apply', 'prune'),
  seq: fc.nat(3),
});

describe('sort (gitops-engine pkg/sync/sync_tasks.go Less)', () => {
  test('TestSortSyncTask: phase, then wave, then kind, then name', () => {
    const unsorted = [
      t({ kind: 'Pod' }), t({ kind: 'Service' }), t({ kind: 'PersistentVolume' }), t({ phase: 'SyncFail' }), t({ wave: 1 }),
      t({ name: 'b' }), t({ name: 'a' }), t({ wave: -1 }), t({}), t({ phase: 'PreSync' }), t({ phase: 'PostSync' }), t({ kind: 'ConfigMap' }),
    ];
    expect(sortTasks(unsorted).map(label)).toEqual([
      'PreSync/0//', 'Sync/-1//', 'Sync/0/ConfigMap/', 'Sync/0/PersistentVolume/', 'Sync/0/Service/', 'Sync/0/Pod/',
      'Sync/0//', 'Sync/0//a', 'Sync/0//b', 'Sync/1//', 'PostSync/0//', 'SyncFail/0//',
    ]);
  });

  test('TestSyncNamespaceAgainstCRD: a Namespace sorts before an unknown kind', () => {
    expect(sortTasks([t({ kind: 'Workflow' }), t({ kind: 'Namespace' })]).map(x => x.kind)).toEqual(['Namespace', 'Workflow']);
  });

  test('phase ranks', () => {
    expect(PHASE_RANK).toEqual({ PreSync: -1, Sync: 0, PostSync: 1, SyncFail: 2 });
  });

  test('names compare byte-wise: a10 < a2, "-" < "." < digits < upper < lower', () => {
    const sorted = sortTasks(['b', 'a2', 'a10', 'A', '1', '.', '-'].map(name => t({ kind: 'Pod', name }))).map(x => x.name);
    expect(sorted).toEqual(['-', '.', '1', 'A', 'a10', 'a2', 'b']);
  });

  test('unknown kinds are ordered among themselves by name only, not by kind', () => {
    const sorted = sortTasks([t({ kind: 'Alpha', name: 'z' }), t({ kind: 'Zeta', name: 'a' }), t({ kind: 'Deployment', name: 'z' })]);
    expect(sorted.map(x => `${x.kind}/${x.name}`)).toEqual(['Deployment/z', 'Zeta/a', 'Alpha/z']);
  });

  test('namespace and group are not part of Argo CD\'s order; the tie-break is documented and deterministic', () => {
    const a = t({ kind: 'Pod', name: 'p', namespace: 'b', group: '' });
    const b = t({ kind: 'Pod', name: 'p', namespace: 'a', group: '' });
    expect(compareArgo(a, b)).toBe(0);
    expect(sortTasks([a, b])).toEqual([b, a]);
    expect(sortTasks([b, a])).toEqual([b, a]);
  });

  test('property: compareBytes is Go\'s byte-wise UTF-8 order', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) =>
      Math.sign(compareBytes(a, b)) === Math.sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')))));
  });

  test('property: the comparator is a total order (antisymmetric, transitive, deterministic)', () => {
    fc.assert(fc.property(taskArb, taskArb, taskArb, (a, b, c) => {
      const ab = compareTasks(a, b);
      if (Math.sign(ab) !== -Math.sign(compareTasks(b, a))) return false;
      if (compareTasks(a, a) !== 0 || compareTasks(a, b) !== ab) return false;
      if (ab <= 0 && compareTasks(b, c) <= 0 && compareTasks(a, c) > 0) return false;
      // 0 only for tasks equal in every compared field.
      if (ab === 0 && JSON.stringify(a) !== JSON.stringify(b)) return false;
      return true;
    }), { numRuns: 2000 });
  });

  test('property: sortTasks (ranks looked up once) sorts as a sort by compareTasks alone', () => {
    fc.assert(fc.property(fc.array(taskArb, { maxLength: 30 }), (tasks) => {
      expect(sortTasks(tasks)).toEqual([...tasks].sort(compareTasks));
    }), { numRuns: 2000 });
  });

  test('property: sorted output respects phase, wave, kind rank, name and does not depend on input order', () => {
    const permuted = fc.uniqueArray(taskArb, { maxLength: 30, selector: x => JSON.stringify(x) })
      .chain(tasks => fc.tuple(fc.constant(tasks), fc.shuffledSubarray(tasks, { minLength: tasks.length, maxLength: tasks.length })));
    fc.assert(fc.property(permuted, ([tasks, shuffled]) => {
      const sorted = sortTasks(tasks);
      for (let i = 1; i < sorted.length; i++) if (compareArgo(sorted[i - 1], sorted[i]) > 0) return false;
      return JSON.stringify(sortTasks(shuffled)) === JSON.stringify(sorted);
    }));
  });
});
