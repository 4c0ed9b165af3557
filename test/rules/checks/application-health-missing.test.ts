/** application-health-missing: argo-cd #3781, #10550, #27917; the script is run in the Lua VM. */
import { APPLICATION_HEALTH_LUA } from '../../../src/argo/application-health';
import { k, wave, yaml } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

const childApp = (name: string, a?: Record<string, unknown>) => k('argoproj.io/v1alpha1', 'Application', name, {
  spec: { project: 'default', source: { repoURL: 'https://git.example.com/p.git', path: name }, destination: { server: 'https://kubernetes.default.svc', namespace: name } },
}, a);

ruleCase('application-health-missing', {
  ref: 'argo-cd #27917',
  trips: yaml(childApp('database', wave('0')), childApp('console', wave('1'))),
  options: { argocdCm: { applicationHealth: 'hs = { status = "Progressing" }\nif obj.status ~= nil and obj.status.health ~= nil then hs.status = obj.status.health.status end\nreturn hs' } },
  passes: yaml(childApp('database', wave('0')), childApp('console', wave('1'))),
  passesOptions: { argocdCm: { applicationHealth: APPLICATION_HEALTH_LUA } },
});

const W = (w: string) => ({ 'argocd.argoproj.io/sync-wave': w });
const apps = yaml(k('argoproj.io/v1alpha1', 'Application', 'db', { spec: {} }, W('0')), k('argoproj.io/v1alpha1', 'Application', 'web', { spec: {} }, W('1')));

test('no check, a broken check, a health-only check: errors saying why', () => {
  expect(findingsOf('application-health-missing', apps, { argocdCm: {} })[0].message).toMatch(/has no Application health check/);
  expect(findingsOf('application-health-missing', apps, { argocdCm: { applicationHealth: 'syntax error here' } })[0].message).toMatch(/never reports Healthy/);
  const healthOnly = 'hs = {status = "Progressing"}\nif obj.status and obj.status.health then hs.status = obj.status.health.status end\nreturn hs';
  expect(findingsOf('application-health-missing', apps, { argocdCm: { applicationHealth: healthOnly } })[0].message).toMatch(/OutOfSync/);
});

test('the check this library writes passes; without argocd-cm the rule is silent', () => {
  expect(findingsOf('application-health-missing', apps, { argocdCm: { applicationHealth: APPLICATION_HEALTH_LUA } })).toEqual([]);
  expect(findingsOf('application-health-missing', apps)).toEqual([]);
});
