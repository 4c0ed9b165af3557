/**
 * The plan and the rule annotation-not-string agree on a non-string annotation value, on random
 * annotation maps (strings, null, numbers, booleans, lists), kinds (a CRD gets no tracking id), Argo CD
 * versions and tracking methods: the plan honours an object's wave and hook exactly when
 * `nonStringAnnotationEffect` says Argo CD still reads its annotations (`othersRead` for every bad
 * value: apimachinery v0.33.0 TestNestedNullCoercingStringMap since Argo CD 3.1), and it raises an
 * error for exactly the values the rule reports (argo-cd `util/kube/kube_test.go`
 * TestSetAppInstanceAnnotationWithInvalidData: with annotation tracking the repo server refuses them).
 */
import * as fc from 'fast-check';
import { readAnnotations } from '../../../src/argo/annotations';
import { nonStringAnnotationEffect } from '../../../src/argo/non-string-annotation';
import { buildPlan } from '../../../src/argo/plan';
import { TRACKING_METHODS } from '../../../src/argo/tracking';
import type { Manifest, TrackingMethod } from '../../../src/argo/types';
import { ARGOCD_VERSIONS } from '../../../src/argo/versions';
import { lint } from '../../../src/rules';
import { annotationNotString } from '../../../src/rules/checks/annotation-not-string';

const WAVE = 'argocd.argoproj.io/sync-wave';
const HOOK = 'argocd.argoproj.io/hook';

const value = fc.constantFrom<unknown>('x', '', null, null, 3, true, ['a']);
const kind = fc.constantFrom(
  { apiVersion: 'batch/v1', kind: 'Job', name: 'migrate' },
  { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: 'widgets.example.com' },
);

test('the plan honours an object\'s wave and hook exactly when Argo CD reads its annotations, and errs exactly where the rule reports', () => {
  fc.assert(fc.property(
    kind, fc.integer({ min: 1, max: 5 }), fc.boolean(), fc.dictionary(fc.constantFrom('a', 'b', 'note'), value, { maxKeys: 3 }),
    fc.constantFrom(...ARGOCD_VERSIONS), fc.constantFrom<TrackingMethod | undefined>(undefined, ...TRACKING_METHODS),
    (k, wave, hook, others, argocdVersion, trackingMethod) => {
      const object = {
        apiVersion: k.apiVersion,
        kind: k.kind,
        metadata: { name: k.name, annotations: { ...others, [WAVE]: String(wave), ...(hook ? { [HOOK]: 'PreSync' } : {}) } },
      };
      const manifests: Manifest[] = [{ object, source: { file: 'app.yaml', line: 1, index: 0 } }];
      const options = { argocdVersion, ...(trackingMethod !== undefined ? { tracking: { method: trackingMethod } } : {}) };
      const model = { argocdVersion, trackingMethod };
      const effects = readAnnotations(object).problems.map(p => nonStringAnnotationEffect(object, p, model));
      const othersRead = effects.every(e => e.othersRead);

      const plan = buildPlan(manifests, options);
      const placed = plan.steps.flatMap(s => s.tasks.map(t => [t.phase, t.wave]));
      expect(placed).toEqual([othersRead ? [hook ? 'PreSync' : 'Sync', wave] : ['Sync', 0]]);

      const findings = lint(manifests, { ...options, rules: [annotationNotString] });
      expect(findings).toHaveLength(effects.filter(e => e.reported).length);
      expect(plan.errors).toHaveLength(findings.length);
    },
  ), { numRuns: 300 });
});
