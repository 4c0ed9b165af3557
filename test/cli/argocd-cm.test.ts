/** `--argocd-cm FILE`: the ConfigMap's health scripts, read once, as the override Argo CD applies before its Go checks and as what the rules read. */
import { join } from 'path';
import { inputError } from './helpers';
import { argocdCmOf, argocdCmOverride, readHealthScripts } from '../../src/cli/argocd-cm';

const F = join(__dirname, '..', 'fixtures', 'explain');

test('the fixture\'s Certificate script runs in the Lua VM; other kinds get no override', () => {
  const override = argocdCmOverride(readHealthScripts(join(F, 'argocd-cm.yaml')));
  const cert = (status: string) => ({ apiVersion: 'cert-manager.io/v1', kind: 'Certificate', status: { conditions: [{ type: 'Ready', status, message: `m-${status}` }] } });
  expect(override(cert('True'))).toEqual({ status: 'Healthy', message: 'm-True' });
  expect(override(cert('False'))).toEqual({ status: 'Progressing', message: 'm-False' });
  expect(override({ apiVersion: 'apps/v1', kind: 'Deployment' })).toBeUndefined();
});

test('what the rules read: every script, and the Application\'s when there is one', () => {
  const scripts = readHealthScripts(join(F, 'argocd-cm.yaml'));
  expect(argocdCmOf(scripts)).toEqual({ healthScripts: scripts });
  const app = { key: 'argoproj.io/Application', script: 'return {}', useOpenLibs: false };
  expect(argocdCmOf([app])).toEqual({ applicationHealth: 'return {}', healthScripts: [app] });
});

test('a file without a ConfigMap, or a malformed key, is bad input naming the file', () => {
  expect(inputError(() => readHealthScripts(join(F, 'succeeded.yaml'))).message).toMatch(/succeeded\.yaml:\d+: no ConfigMap in the file/);
});
