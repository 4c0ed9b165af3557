/**
 * The plan and the rule object-invalid agree on a label value that is not a string, on random label
 * maps, kinds (a CRD gets no instance label), Argo CD versions and tracking methods: the plan errs,
 * and the rule names the repo server, for exactly the values `nonStringLabelEffect` says fail the
 * whole Application (argo-cd `util/kube/kube_test.go` TestGetAppInstanceLabelWithInvalidData).
 */
import * as fc from 'fast-check';
import { nonStringLabelEffect, nonStringLabels } from '../../../src/argo/non-string-label';
import { buildPlan } from '../../../src/argo/plan';
import { TRACKING_METHODS } from '../../../src/argo/tracking';
import type { Manifest, TrackingMethod } from '../../../src/argo/types';
import { ARGOCD_VERSIONS } from '../../../src/argo/versions';
import { lint } from '../../../src/rules';
import { objectInvalid } from '../../../src/rules/checks/object-invalid';

const value = fc.constantFrom<unknown>('web', '', null, 2, true, ['a']);
const kind = fc.constantFrom(
  { apiVersion: 'v1', kind: 'ConfigMap', name: 'cfg' },
  { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: 'widgets.example.com' },
);

test('the plan errs on a label exactly where object-invalid says the repo server fails the app', () => {
  fc.assert(fc.property(
    kind, fc.dictionary(fc.constantFrom('app', 'tier', 'team'), value, { maxKeys: 3 }),
    fc.constantFrom(...ARGOCD_VERSIONS), fc.constantFrom<TrackingMethod | undefined>(undefined, ...TRACKING_METHODS),
    (k, labels, argocdVersion, trackingMethod) => {
      const object = { apiVersion: k.apiVersion, kind: k.kind, metadata: { name: k.name, labels } };
      const manifests: Manifest[] = [{ object, source: { file: 'app.yaml', line: 1, index: 0 } }];
      const options = { argocdVersion, ...(trackingMethod !== undefined ? { tracking: { method: trackingMethod } } : {}) };
      const failing = nonStringLabels(object).filter(p => nonStringLabelEffect(object, p, { argocdVersion, trackingMethod }).failsApp);

      const names = failing.map(p => `label ${p.key}`).sort();
      // The plan's errors and the findings come sorted for output: compared as sets.
      expect(buildPlan(manifests, options).errors.map(e => e.message.split(' is ')[0]).sort()).toEqual(names);
      const repoServer = lint(manifests, { ...options, rules: [objectInvalid] }).filter(f => /repo server fails/.test(f.message));
      expect(repoServer.map(f => f.message.replace(/^.*?: (label \S+) is .*$/, '$1')).sort()).toEqual(names);
    },
  ), { numRuns: 300 });
});
