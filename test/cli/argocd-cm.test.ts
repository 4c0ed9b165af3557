/** `--argocd-cm FILE`: the ConfigMap's health scripts as the override Argo CD applies before its Go checks. */
import { join } from 'path';
import { inputError } from './helpers';
import { argocdCmOverride } from '../../src/cli/argocd-cm';

const F = join(__dirname, '..', 'fixtures', 'explain');

test('the fixture\'s Certificate script runs in the Lua VM; other kinds get no override', () => {
  const override = argocdCmOverride(join(F, 'argocd-cm.yaml'));
  const cert = (status: string) => ({ apiVersion: 'cert-manager.io/v1', kind: 'Certificate', status: { conditions: [{ type: 'Ready', status, message: `m-${status}` }] } });
  expect(override(cert('True'))).toEqual({ status: 'Healthy', message: 'm-True' });
  expect(override(cert('False'))).toEqual({ status: 'Progressing', message: 'm-False' });
  expect(override({ apiVersion: 'apps/v1', kind: 'Deployment' })).toBeUndefined();
});

test('a file without a ConfigMap, or a malformed key, is bad input naming the file', () => {
  expect(inputError(() => argocdCmOverride(join(F, 'succeeded.yaml'))).message).toMatch(/succeeded\.yaml:\d+: no ConfigMap in the file/);
});
