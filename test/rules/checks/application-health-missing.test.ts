/** application-health-missing: argo-cd #3781, #10550, #27917; the script is run in the Lua VM. */
import { APPLICATION_HEALTH_LUA } from '../../../src/argo/application-health';
import { k, yaml } from '../cases';
import { findingsOf } from '../helpers';

const W = (w: string) => ({ 'argocd.argoproj.io/sync-wave': w });
const apps = yaml(k('argoproj.io/v1alpha1', 'Application', 'db', { spec: {} }, W('0')), k('argoproj.io/v1alpha1', 'Application', 'web', { spec: {} }, W('1')));

test('no check, a broken check, a health-only check: errors saying why', () => {
  expect(findingsOf('application-health-missing', apps, { argocdCm: {} })[0].message).toMatch(/has no Application health check/);
  expect(findingsOf('application-health-missing', apps, { argocdCm: { applicationHealth: 'syntax error here' } })[0].message).toMatch(/fails when/);
  const healthOnly = 'hs = {status = "Progressing"}\nif obj.status and obj.status.health then hs.status = obj.status.health.status end\nreturn hs';
  expect(findingsOf('application-health-missing', apps, { argocdCm: { applicationHealth: healthOnly } })[0].message).toMatch(/OutOfSync/);
});

test('the check this library writes passes; without argocd-cm the rule is silent', () => {
  expect(findingsOf('application-health-missing', apps, { argocdCm: { applicationHealth: APPLICATION_HEALTH_LUA } })).toEqual([]);
  expect(findingsOf('application-health-missing', apps)).toEqual([]);
});
