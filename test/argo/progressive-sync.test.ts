/**
 * Step selection after Argo CD's `TestBuildAppDependencyList` and `TestLabelMatchedExpression`
 * (`argo-cd applicationset/progressivesync/progressive_sync_test.go`), with our own labels.
 */
import * as fc from 'fast-check';
import { isQuotedNumber, listGeneratedApplications, listGeneratedLabels, rollingSyncSteps, stepOf } from '../../src/argo/progressive-sync';

const inStep = (key: string, ...values: string[]) => ({ matchExpressions: [{ key, operator: 'In', values }] });

test('the first step whose expressions all match; values OR; expressions AND', () => {
  const steps = [inStep('env', 'dev'), inStep('env', 'qa', 'prod'), { matchExpressions: [{ key: 'env', operator: 'In', values: ['prod'] }, { key: 'region', operator: 'NotIn', values: ['eu'] }] }];
  expect(stepOf({ env: 'dev' }, steps)).toBe(0);
  expect(stepOf({ env: 'prod' }, steps)).toBe(1);
  expect(stepOf({ env: 'stage' }, steps)).toBe(-1);
  expect(stepOf({}, steps)).toBe(-1); // a missing key deselects for In
});

test('NotIn selects a missing key; an unknown operator deselects', () => {
  expect(stepOf({}, [{ matchExpressions: [{ key: 'env', operator: 'NotIn', values: ['dev'] }] }])).toBe(0);
  expect(stepOf({ env: 'dev' }, [{ matchExpressions: [{ key: 'env', operator: 'Exists' }] }])).toBe(-1);
  expect(stepOf({ env: 'dev' }, [{ matchExpressions: [] }])).toBe(0); // no expressions select everything
});

test('property: an app is in step i only if step i selects it and no earlier one does', () => {
  fc.assert(fc.property(fc.dictionary(fc.constantFrom('a', 'b'), fc.constantFrom('1', '2')),
    fc.array(fc.record({ key: fc.constantFrom('a', 'b'), operator: fc.constantFrom('In', 'NotIn'), values: fc.array(fc.constantFrom('1', '2'), { maxLength: 2 }) }).map(e => ({ matchExpressions: [e] })), { maxLength: 4 }),
    (labels, steps) => {
      const i = stepOf(labels, steps);
      const selects = (s: typeof steps[number]) => stepOf(labels, [s]) === 0;
      if (i >= 0) expect(selects(steps[i])).toBe(true);
      for (let j = 0; j < (i < 0 ? steps.length : i); j++) expect(selects(steps[j])).toBe(false);
    }));
});

test('RollingSync is on only with type RollingSync and at least one step', () => {
  expect(rollingSyncSteps({ spec: { strategy: { type: 'RollingSync', rollingSync: { steps: [inStep('a', 'b')] } } } })).toHaveLength(1);
  expect(rollingSyncSteps({ spec: { strategy: { type: 'RollingSync', rollingSync: { steps: [] } } } })).toBeUndefined();
  expect(rollingSyncSteps({ spec: { strategy: { type: 'AllAtOnce' } } })).toBeUndefined();
});

test('a quoted plain number is not an IntOrString Argo CD scales', () => {
  expect(isQuotedNumber('2')).toBe(true);
  expect(isQuotedNumber(2)).toBe(false);
  expect(isQuotedNumber('25%')).toBe(false);
});

test('list generator labels, fasttemplate and goTemplate', () => {
  const set = (goTemplate: boolean, label: string) => ({
    spec: {
      goTemplate,
      generators: [{ list: { elements: [{ name: 'db', step: '0' }, { name: 'web', step: '1' }] } }],
      template: { metadata: { name: goTemplate ? '{{.name}}' : '{{name}}', labels: { step: label } } },
    },
  });
  expect(listGeneratedLabels(set(false, '{{ step }}'))).toEqual([{ name: 'db', labels: { step: '0' } }, { name: 'web', labels: { step: '1' } }]);
  expect(listGeneratedLabels(set(true, '{{.step}}'))?.map(a => a.labels.step)).toEqual(['0', '1']);
  expect(listGeneratedLabels(set(true, '{{ .step | upper }}'))).toBeUndefined();
  expect(listGeneratedLabels({ spec: { generators: [{ clusters: {} }], template: { metadata: { name: 'x' } } } })).toBeUndefined();
});

test('list generator Applications: every string of the template rendered per element; labels read only name and labels', () => {
  const set = (include: string, annotation = 'fixed') => ({
    spec: {
      generators: [{ list: { elements: [{ name: 'db', namespace: 'data', include: 'db.k8s.yaml' }] } }],
      template: {
        metadata: { name: '{{name}}', annotations: { note: annotation } },
        spec: { project: 'team', source: { path: 'dist', directory: { include, recurse: true } }, destination: { namespace: '{{namespace}}' }, syncPolicy: { syncOptions: ['CreateNamespace=true'] } },
      },
    },
  });
  expect(listGeneratedApplications(set('{{include}}'))).toEqual([{
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'db', annotations: { note: 'fixed' } },
    spec: { project: 'team', source: { path: 'dist', directory: { include: 'db.k8s.yaml', recurse: true } }, destination: { namespace: 'data' }, syncPolicy: { syncOptions: ['CreateNamespace=true'] } },
  }]);
  // A placeholder this reading does not render (an unknown key, a pipeline) leaves the set unknown.
  expect(listGeneratedApplications(set('{{file}}'))).toBeUndefined();
  // The labels read no annotation or spec: a template that says more than they need keeps its labels known.
  expect(listGeneratedLabels(set('{{file}}', '{{ .x | upper }}'))).toEqual([{ name: 'db', labels: {} }]);
});
