/**
 * `apiServerAccepts`, the fast check the rule pack asks first, against the straightforward
 * `apiServerFieldErrors` on random objects, valid and invalid (`src/argo/object-validity.ts`).
 */
import * as fc from 'fast-check';
import { apiServerAccepts, apiServerFieldErrors, apiServerRejection, invalidObjectMessage } from '../../src/argo/object-validity';

// Strings near every rule's edge: valid names, upper case, dots, colons, slashes, empty, too long.
const text = fc.oneof(
  fc.constantFrom('web', 'web-1', 'Web', 'web.shop', 'web_1', '-web', 'web-', '', 'system:view', 'a/b', '.', '..', '50%',
    'app.kubernetes.io/name', 'Example.com/x', '/x', 'x/', 'a/b/c', 'argocd.argoproj.io/sync-wave', 'A.B/c'),
  fc.stringMatching(/^[a-zA-Z0-9._\-/:%]{0,8}$/),
  fc.nat({ max: 70 }).map((n) => 'a'.repeat(n)),
  fc.tuple(fc.nat({ max: 70 }), fc.nat({ max: 200 })).map(([n, m]) => `${'p'.repeat(m)}/${'n'.repeat(n)}`),
);
const value = fc.oneof(text, fc.integer(), fc.constant(null), fc.boolean());
const map = fc.oneof(fc.dictionary(text, value, { maxKeys: 4 }), fc.constant(undefined), fc.constant('not a map'), fc.constant(null));
// Container names repeat often enough to meet both lists' shared set of names.
const container = fc.oneof(fc.record({ name: fc.oneof(fc.constantFrom('web', 'init'), text, fc.integer(), fc.constant(undefined)) }, { requiredKeys: [] }), fc.constant('x'), fc.constant(null));
const containers = fc.oneof(fc.array(container, { maxLength: 4 }), fc.constant(undefined), fc.constant({}));
const podSpec = fc.record({ containers, initContainers: containers }, { requiredKeys: [] });
const podTemplate = fc.record({ metadata: fc.record({ labels: map }, { requiredKeys: [] }), spec: podSpec }, { requiredKeys: [] });
const metadata = fc.oneof(fc.record({ namespace: fc.oneof(text, fc.integer()), labels: map, annotations: map }, { requiredKeys: [] }), fc.constant('x'));
const spec = fc.record({
  template: podTemplate,
  jobTemplate: fc.record({ spec: fc.record({ template: podTemplate }, { requiredKeys: [] }) }, { requiredKeys: [] }),
  manualSelector: fc.boolean(),
  names: fc.record({ plural: fc.oneof(text, fc.integer()) }, { requiredKeys: [] }),
  group: fc.oneof(text, fc.constant('example.com')),
  containers,
  initContainers: containers,
}, { requiredKeys: [] });
const kinds = fc.constantFrom(
  ['', 'Pod'], ['', 'Namespace'], ['', 'Service'], ['', 'ConfigMap'], ['', 'ReplicationController'], ['apps', 'Deployment'],
  ['apps', 'StatefulSet'], ['batch', 'Job'], ['batch', 'CronJob'], ['apiextensions.k8s.io', 'CustomResourceDefinition'],
  ['rbac.authorization.k8s.io', 'ClusterRole'], ['monitoring.coreos.com', 'Prometheus'], ['', 'Node'], ['metrics.k8s.io', 'PodMetrics'],
);
const object = fc.record({ metadata, spec }, { requiredKeys: [] });
// Kinds named as path segments besides RBAC's (kept out of `kinds`, whose fixed-seed coverage check below it would change).
const kindsAndPathSegments = fc.oneof(kinds, fc.constant(['policy', 'PodDisruptionBudget']));

describe('apiServerAccepts against apiServerFieldErrors', () => {
  test('accepts exactly the objects with no field error, and apiServerRejection is unchanged', () => {
    fc.assert(fc.property(object, kindsAndPathSegments, fc.oneof(text, fc.constant('examples.example.com')), (o, [group, kind], name) => {
      const errors = apiServerFieldErrors(o as Record<string, unknown>, group, kind, name);
      expect(apiServerAccepts(o as Record<string, unknown>, group, kind, name)).toBe(errors.length === 0);
      expect(apiServerRejection(o as Record<string, unknown>, group, kind, name))
        .toBe(errors.length === 0 ? undefined : invalidObjectMessage(group, kind, name, errors));
    }), { numRuns: 3000 });
  });

  test('the generator reaches both answers, for every kind of error', () => {
    const seen = new Set<string>();
    fc.assert(fc.property(object, kinds, text, (o, [group, kind], name) => {
      const errors = apiServerFieldErrors(o as Record<string, unknown>, group, kind, name);
      seen.add(errors.length === 0 ? 'valid' : 'invalid');
      for (const e of errors) seen.add(`${e.type} ${e.field.replace(/\[\d+\]/g, '[]')}`);
    }), { numRuns: 3000, seed: 15 }); // a fixed seed: this checks the generator, not the code
    const wanted = ['valid', 'invalid', 'Duplicate value spec.template.spec.initContainers[].name',
      'Required value spec.template.spec.containers[].name', 'Invalid value metadata.name', 'Invalid value metadata.namespace',
      'Invalid value metadata.labels', 'Invalid value metadata.annotations', 'Invalid value spec.template.labels',
      'Invalid value spec.jobTemplate.spec.template.labels'];
    expect(wanted.filter((w) => !seen.has(w))).toEqual([]);
  });
});
