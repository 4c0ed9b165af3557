/** application-health-unchecked: argo-cd #3781 (no Application health check since 1.8). */
import { APPLICATION_HEALTH_LUA } from '../../../src/argo/application-health';
import { k, wave, yaml } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

const childApp = (name: string, a?: Record<string, unknown>) => k('argoproj.io/v1alpha1', 'Application', name, {
  spec: { project: 'default', source: { repoURL: 'https://git.example.com/p.git', path: name }, destination: { server: 'https://kubernetes.default.svc', namespace: name } },
}, a);

ruleCase('application-health-unchecked', {
  ref: 'argo-cd #3781',
  trips: yaml(childApp('database', wave('0')), childApp('console', wave('1'))),
  passes: yaml(childApp('database', wave('0')), childApp('console', wave('1'))),
  passesOptions: { argocdCm: { applicationHealth: APPLICATION_HEALTH_LUA } },
});

const W = (w: string) => ({ 'argocd.argoproj.io/sync-wave': w });
const app = (name: string, w: string) => k('argoproj.io/v1alpha1', 'Application', name, { spec: {} }, W(w));

test('only Applications a later wave waits for; the last wave gates nothing', () => {
  const found = findingsOf('application-health-unchecked', yaml(app('db', '0'), app('web', '1'), app('edge', '2')));
  expect(found.map(f => f.name)).toEqual(['db', 'web']);
});

test('silent once argocd-cm is known (application-health-missing judges it)', () => {
  expect(findingsOf('application-health-unchecked', yaml(app('db', '0'), app('web', '1')), { argocdCm: {} })).toEqual([]);
  expect(findingsOf('application-health-unchecked', yaml(app('db', '0'), app('web', '1')), { argocdCm: { applicationHealth: APPLICATION_HEALTH_LUA } })).toEqual([]);
});
