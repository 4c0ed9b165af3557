/**
 * `TaskIndex` (nested maps, one task or a list per name) against the straightforward answer, a
 * linear scan over the tasks, on random tasks (`src/rules/uses.ts`).
 */
import * as fc from 'fast-check';
import type { SyncTask } from '../../src/argo/types';
import { labelsAt, podSpecOf, selects } from '../../src/rules/objects';
import { TaskIndex } from '../../src/rules/uses';

const KINDS = ['Deployment', 'Job', 'Pod', 'CronJob', 'Service', 'ConfigMap', 'Namespace', 'CustomResourceDefinition', 'Widget'];
const NAMES = ['', 'a', 'b', 'web', 'a/b'];
const NAMESPACES = ['', 'shop', 'a', 'a/b'];
const GROUPS = ['', 'apps', 'example.com'];
// Repeats make matches likely enough to reach answers of several tasks.
const LABEL_KEYS = ['app', 'app', 'app', 'tier', 'a=b', '1'];
const LABEL_VALUES = ['web', 'web', 'web', '', 'db', 'b=c'];

const labels = fc.dictionary(fc.constantFrom(...LABEL_KEYS), fc.oneof(fc.constantFrom(...LABEL_VALUES), fc.integer()), { maxKeys: 3 });
const template = fc.record({ metadata: fc.record({ labels: fc.oneof(labels, fc.constant('x')) }, { requiredKeys: [] }), spec: fc.constant({}) }, { requiredKeys: [] });

const taskArb = fc.record({
  kind: fc.oneof(fc.constantFrom(...KINDS), fc.constant('CustomResourceDefinition'), fc.constant('Deployment')),
  name: fc.constantFrom(...NAMES),
  namespace: fc.constantFrom(...NAMESPACES),
  group: fc.constantFrom(...GROUPS),
  action: fc.constantFrom('apply', 'apply', 'prune'),
  template,
  pod: labels,
  crd: fc.record({
    group: fc.oneof(fc.constantFrom('example.com', ''), fc.constantFrom(...GROUPS), fc.integer()),
    names: fc.record({ kind: fc.oneof(fc.constant('Widget'), fc.constantFrom(...KINDS)) }, { requiredKeys: [] }),
  }, { requiredKeys: [] }),
}).map(({ kind, name, namespace, group, action, template: podTemplate, pod, crd }) => {
  const spec = kind === 'Pod' ? {} : kind === 'CronJob' ? { jobTemplate: { spec: { template: podTemplate } } }
    : kind === 'CustomResourceDefinition' ? crd : { template: podTemplate };
  const object = { kind, metadata: kind === 'Pod' ? { name, labels: pod } : { name }, spec };
  return { kind, name, namespace, group, action, manifest: { object, source: { file: 'gen.yaml', line: 1, index: 0 } } } as unknown as SyncTask;
});

const tasksArb = fc.array(taskArb, { maxLength: 12 });
const selectorArb = fc.dictionary(fc.constantFrom(...LABEL_KEYS), fc.constantFrom(...LABEL_VALUES), { maxKeys: 3 });

/** Random tasks, and lookups either at random or of what one of the tasks is, so that answers hold tasks. */
const appArb = tasksArb.chain((tasks) => {
  const of = <T>(pick: (t: SyncTask) => T, random: fc.Arbitrary<T>) =>
    (tasks.length === 0 ? random : fc.oneof(random, fc.constantFrom(...tasks).map(pick)));
  const crdSpec = (t: SyncTask) => t.manifest.object.spec as { group?: unknown; names?: { kind?: unknown } };
  return fc.record({
    tasks: fc.constant(tasks),
    kind: of((t) => t.kind, fc.constantFrom(...KINDS)),
    namespace: of((t) => t.namespace, fc.constantFrom(...NAMESPACES)),
    name: of((t) => t.name, fc.constantFrom(...NAMES)),
    crd: of((t) => [String(crdSpec(t).group), String(crdSpec(t).names?.kind)], fc.tuple(fc.constantFrom(...GROUPS), fc.constantFrom(...KINDS))),
    selector: of((t) => templateLabels(t) ?? {}, selectorArb),
  });
});

function templateLabels(t: SyncTask): Record<string, string> | undefined {
  const pod = podSpecOf(t.manifest);
  return pod ? labelsAt(t.manifest.object, [...pod.path.slice(0, -1), 'metadata', 'labels']) : undefined;
}

/** What each lookup means, read off the tasks one by one. */
const scan = {
  named: (tasks: readonly SyncTask[], kind: string, namespace: string, name: string) =>
    tasks.filter((t) => t.action === 'apply' && t.kind === kind && t.name === name && (namespace === '' || t.namespace === namespace)),
  crds: (tasks: readonly SyncTask[], group: string, kind: string) => tasks.filter((t) => {
    const spec = t.manifest.object.spec as { group?: unknown; names?: { kind?: unknown } };
    return t.action === 'apply' && t.kind === 'CustomResourceDefinition' && spec.group === group && spec.names?.kind === kind;
  }),
  selected: (tasks: readonly SyncTask[], namespace: string, selector: Record<string, string>) => tasks.filter((t) => {
    const found = templateLabels(t);
    return t.action === 'apply' && t.namespace === namespace && found !== undefined && selects(selector, found);
  }),
};

function asked(push: (out: SyncTask[]) => void): SyncTask[] {
  const out: SyncTask[] = [];
  push(out);
  return out;
}

describe('TaskIndex against a linear scan', () => {
  test('named: the applied tasks of a kind and name in a namespace (every namespace for \'\'), in plan order', () => {
    fc.assert(fc.property(appArb, ({ tasks, kind, namespace, name }) => {
      expect(asked((out) => new TaskIndex(tasks).pushNamed(out, kind, namespace, name))).toEqual(scan.named(tasks, kind, namespace, name));
    }), { numRuns: 3000 });
  });

  test('crds: the CustomResourceDefinitions of a group and kind, in plan order', () => {
    fc.assert(fc.property(appArb, ({ tasks, crd: [group, kind] }) => {
      expect(asked((out) => new TaskIndex(tasks).pushCrds(out, group, kind))).toEqual(scan.crds(tasks, group, kind));
    }), { numRuns: 3000 });
  });

  test('selected: the workloads of a namespace whose pod template a selector matches, in plan order', () => {
    fc.assert(fc.property(appArb, ({ tasks, namespace, selector }) => {
      expect(asked((out) => new TaskIndex(tasks).pushSelected(out, namespace, selector))).toEqual(scan.selected(tasks, namespace, selector));
    }), { numRuns: 3000 });
  });

  test('the generator reaches answers of none, one and several tasks for every lookup', () => {
    const seen = new Set<string>();
    const size = (n: number) => (n === 0 ? 'none' : n === 1 ? 'one' : 'several');
    fc.assert(fc.property(appArb, ({ tasks, kind, namespace, name, crd: [group, crdKind], selector }) => {
      seen.add(`named ${size(scan.named(tasks, kind, namespace, name).length)}`);
      seen.add(`crds ${size(scan.crds(tasks, group, crdKind).length)}`);
      seen.add(`selected ${size(scan.selected(tasks, namespace, selector).length)}`);
    }), { numRuns: 3000, seed: 15 }); // a fixed seed: this checks the generator, not the code
    expect([...seen].sort()).toEqual(['crds none', 'crds one', 'crds several', 'named none', 'named one', 'named several',
      'selected none', 'selected one', 'selected several']);
  });

  test('appends to what is already there', () => {
    const [t] = fc.sample(taskArb.filter((x) => x.action === 'apply'), { numRuns: 1, seed: 15 });
    const out = [t];
    new TaskIndex([t]).pushNamed(out, t.kind, t.namespace, t.name);
    expect(out).toEqual([t, t]);
  });
});
