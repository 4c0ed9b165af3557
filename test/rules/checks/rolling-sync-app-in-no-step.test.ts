/** rolling-sync-app-in-no-step: `buildAppDependencyList` (`argo-cd applicationset/progressivesync/progressive_sync.go`), argo-cd #29347. */
import { k, yaml } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

const appSet = (elements: Array<Record<string, unknown>>, steps: string[], maxUpdate?: unknown) => k('argoproj.io/v1alpha1', 'ApplicationSet', 'platform', {
  spec: {
    generators: [{ list: { elements } }],
    template: {
      metadata: { name: '{{name}}', labels: { step: '{{step}}' } },
      spec: { project: 'default', source: { repoURL: 'https://git.example.com/p.git', path: '{{name}}' }, destination: { server: 'https://kubernetes.default.svc', namespace: '{{name}}' } },
    },
    strategy: {
      type: 'RollingSync',
      rollingSync: { steps: steps.map(st => ({ matchExpressions: [{ key: 'step', operator: 'In', values: [st] }], ...(maxUpdate === undefined ? {} : { maxUpdate }) })) },
    },
  },
});

ruleCase('rolling-sync-app-in-no-step', {
  ref: 'argo-cd #29347',
  trips: yaml(appSet([{ name: 'db', step: '0' }, { name: 'web', step: '2' }], ['0', '1'])),
  passes: yaml(appSet([{ name: 'db', step: '0' }, { name: 'web', step: '1' }], ['0', '1'])),
});

const set = (labels: object, steps: object[], generators?: object[]) => k('argoproj.io/v1alpha1', 'ApplicationSet', 'apps', {
  spec: {
    generators: generators ?? [{ list: { elements: [{ name: 'db', env: 'dev' }, { name: 'web', env: 'prod' }] } }],
    template: { metadata: { name: '{{name}}', labels }, spec: { project: 'default' } },
    strategy: { type: 'RollingSync', rollingSync: { steps } },
  },
});

test('names every Application left out', () => {
  const [f] = findingsOf('rolling-sync-app-in-no-step', yaml(set({ env: '{{env}}' }, [{ matchExpressions: [{ key: 'env', operator: 'In', values: ['qa'] }] }])));
  expect(f.message).toContain('Application/db, Application/web');
  expect(f.level).toBe('error');
});

test('an unsupported operator selects nothing; NotIn selects a missing label', () => {
  expect(findingsOf('rolling-sync-app-in-no-step', yaml(set({ env: '{{env}}' }, [{ matchExpressions: [{ key: 'env', operator: 'Exists' }] }])))).toHaveLength(1);
  expect(findingsOf('rolling-sync-app-in-no-step', yaml(set({}, [{ matchExpressions: [{ key: 'env', operator: 'NotIn', values: ['qa'] }] }])))).toEqual([]);
});

test('other generators, or AllAtOnce, are not judged', () => {
  expect(findingsOf('rolling-sync-app-in-no-step', yaml(set({ env: '{{env}}' }, [{ matchExpressions: [{ key: 'env', operator: 'In', values: ['qa'] }] }], [{ clusters: {} }])))).toEqual([]);
  expect(findingsOf('rolling-sync-app-in-no-step', yaml(set({ env: '{{env}}' }, [])))).toEqual([]);
});
