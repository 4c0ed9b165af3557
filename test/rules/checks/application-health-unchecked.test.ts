/** application-health-unchecked: argo-cd #3781 (no Application health check since 1.8). */
import { APPLICATION_HEALTH_LUA } from '../../../src/argo/application-health';
import { k, yaml } from '../cases';
import { findingsOf } from '../helpers';

const W = (w: string) => ({ 'argocd.argoproj.io/sync-wave': w });
const app = (name: string, wave: string) => k('argoproj.io/v1alpha1', 'Application', name, { spec: {} }, W(wave));

test('only Applications a later wave waits for; the last wave gates nothing', () => {
  const found = findingsOf('application-health-unchecked', yaml(app('db', '0'), app('web', '1'), app('edge', '2')));
  expect(found.map(f => f.name)).toEqual(['db', 'web']);
});

test('silent once argocd-cm is known (application-health-missing judges it)', () => {
  expect(findingsOf('application-health-unchecked', yaml(app('db', '0'), app('web', '1')), { argocdCm: {} })).toEqual([]);
  expect(findingsOf('application-health-unchecked', yaml(app('db', '0'), app('web', '1')), { argocdCm: { applicationHealth: APPLICATION_HEALTH_LUA } })).toEqual([]);
});
