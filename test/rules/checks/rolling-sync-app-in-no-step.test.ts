/** rolling-sync-app-in-no-step: `buildAppDependencyList` (`CD/applicationset/progressivesync/progressive_sync.go`), argo-cd #29347. */
import { k, yaml } from '../cases';
import { findingsOf } from '../helpers';

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
