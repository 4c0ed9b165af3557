import * as fc from 'fast-check';
import type { Manifest } from '../../src/argo/types';
import { lint, lintReport, SUPPRESS_ANNOTATION, SUPPRESSION_RULE_ID } from '../../src/rules';
import { docsUrl } from '../../src/rules/engine';

// Bounded runs, but a loaded CI machine (the whole suite in parallel) can be slow: allow time.
jest.setTimeout(60_000);

const ANNOTATION_KEYS = [
  'argocd.argoproj.io/sync-wave', 'argocd.argoproj.io/hook', 'argocd.argoproj.io/hook-delete-policy',
  'argocd.argoproj.io/sync-options', 'helm.sh/hook', 'helm.sh/hook-weight', 'helm.sh/hook-delete-policy',
];
const VALUES = ['PreSync', 'Sync', 'PostSync', 'SyncFail', 'Skip', 'presync', '', 'pre-install', 'test', 'crd-install',
  'HookSucceeded', 'BeforeHookCreation,HookFailed', 'hook-succeeded', 'Prune=false', 'PruneLast=True', 'Foo=bar',
  '0', '1', '-1', '+2', '007', '1.5', ' 3'];
const KINDS: Array<[string, string]> = [['v1', 'ConfigMap'], ['v1', 'Secret'], ['v1', 'Namespace'], ['apps/v1', 'Deployment'],
  ['batch/v1', 'Job'], ['v1', 'Pod'], ['v1', 'Service'], ['networking.k8s.io/v1', 'Ingress'], ['example.com/v1', 'Widget'],
  ['apiextensions.k8s.io/v1', 'CustomResourceDefinition'], ['argoproj.io/v1alpha1', 'Application']];

/** Manifests with realistic and hostile annotations, names, generateNames and pod specs. */
const manifestArb: fc.Arbitrary<Manifest> = fc.record({
  kind: fc.constantFrom(...KINDS),
  name: fc.constantFrom('a', 'b', 'db', 'web', 'job-'),
  namespace: fc.option(fc.constantFrom('shop', 'a'), { nil: undefined }),
  annotations: fc.dictionary(fc.constantFrom(...ANNOTATION_KEYS), fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...VALUES) },
    { weight: 1, arbitrary: fc.anything() },
  ), { maxKeys: 4 }),
  spec: fc.oneof(fc.constant(undefined), fc.anything(), fc.constant({
    paused: true,
    selector: { app: 'web' },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', envFrom: [{ secretRef: { name: 'db' } }], env: [{ name: 'TOKEN', value: 'x' }] }] } },
    group: 'example.com',
    names: { kind: 'Widget' },
  })),
}).map(({ kind, name, namespace, annotations, spec }) => ({
  object: {
    apiVersion: kind[0],
    kind: kind[1],
    metadata: { ...(name.endsWith('-') ? { generateName: name } : { name }), ...(namespace ? { namespace } : {}), annotations },
    ...(spec !== undefined ? { spec } : {}),
  },
  source: { file: 'gen.yaml', line: 1, index: 0 },
}));

/** An app: names made unique (Argo CD keeps the last of two same-key objects, an order effect by design). */
const appArb = fc.array(manifestArb, { maxLength: 8 }).map(ms => ms.map((m, index) => {
  const metadata = m.object.metadata as Record<string, unknown>;
  const unique = typeof metadata.name === 'string' ? { ...metadata, name: `${metadata.name}${index}` } : metadata;
  return { object: { ...m.object, metadata: unique }, source: { ...m.source, index, line: index * 10 + 1 } };
}));

const withoutPlace = (f: { rule: string; kind: string; name: string; message: string }) =>
  `${f.rule} ${f.kind}/${f.name} ${f.message.replace(/\(gen\.yaml:\d+\)/g, '').replace(/gen\.yaml:\d+/g, '')}`;

test('lint never throws and every finding is complete, whatever the input', () => {
  fc.assert(fc.property(appArb, fc.constantFrom('', 'shop'), (manifests, namespace) => {
    for (const f of lint(manifests, { namespace })) {
      expect(f.message.endsWith(`(see ${docsUrl(f.rule)})`)).toBe(true);
      expect(f.fix).not.toBe('');
      expect(['error', 'warning', 'info']).toContain(f.level);
    }
  }), { numRuns: 200 });
});

test('the same manifests in any order give the same findings', () => {
  const permuted = appArb.chain(ms => fc.tuple(fc.constant(ms), fc.shuffledSubarray(ms, { minLength: ms.length, maxLength: ms.length })));
  fc.assert(fc.property(permuted, ([ms, shuffled]) => {
    const a = lint(ms).map(withoutPlace).sort();
    const b = lint(shuffled).map(withoutPlace).sort();
    expect(b).toEqual(a);
    expect(lint(ms)).toEqual(lint(ms));
  }), { numRuns: 150 });
});

test('every finding can be suppressed on its own object, with a reason, and then is reported as suppressed', () => {
  fc.assert(fc.property(appArb, manifests => {
    const before = lintReport(manifests);
    const rulesOf = new Map<number, Set<string>>();
    for (const f of before.findings) {
      if (f.rule === SUPPRESSION_RULE_ID) continue;
      const set = rulesOf.get(f.source.index) ?? new Set<string>();
      set.add(f.rule);
      rulesOf.set(f.source.index, set);
    }
    const suppressed = manifests.map(m => {
      const rules = rulesOf.get(m.source.index);
      if (!rules) return m;
      const metadata = m.object.metadata as Record<string, unknown>;
      const annotations = { ...(metadata.annotations as Record<string, unknown>) };
      annotations[SUPPRESS_ANNOTATION] = [...rules].map(r => `${r}: accepted in this generated test`).join('; ');
      return { ...m, object: { ...m.object, metadata: { ...metadata, annotations } } };
    });
    const after = lintReport(suppressed);
    expect(after.findings.filter(f => f.rule !== SUPPRESSION_RULE_ID)).toEqual([]);
    const expected = before.findings.filter(f => f.rule !== SUPPRESSION_RULE_ID).map(withoutPlace).sort();
    expect(after.suppressed.map(withoutPlace).sort()).toEqual(expected);
  }), { numRuns: 150 });
});
