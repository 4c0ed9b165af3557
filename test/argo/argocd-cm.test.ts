/** argocd-cm health script lookup (`util/settings/settings.go` GetResourceOverrides, `util/lua/lua.go` GetHealthScript; settings_test TestGetResourceOverrides_with_splitted_keys). */
import { parse } from 'yaml';
import { ArgocdCmKeyError, healthScriptFor, healthScripts, isResourceCustomizationKey, overrideKey } from '../../src/argo/argocd-cm';

test('convertToOverrideKey: group_Kind, Kind, all', () => {
  expect(overrideKey('cert-manager.io_Certificate')).toBe('cert-manager.io/Certificate');
  expect(overrideKey('ConfigMap')).toBe('ConfigMap');
  expect(overrideKey('all')).toBe('*/*');
  expect(() => overrideKey('a_b_c')).toThrow(/group kind should be in format/);
});

test('split keys and the resource.customizations block; the split key wins for the same group/kind', () => {
  const scripts = healthScripts({
    'resource.customizations': 'example.com/Widget:\n  health.lua: return {status="Healthy"}\ncert-manager.io/Certificate:\n  health.lua: return {status="Degraded"}\n',
    'resource.customizations.health.cert-manager.io_Certificate': 'return {status="Progressing"}',
    'resource.customizations.useOpenLibs.cert-manager.io_Certificate': 'true',
    'resource.customizations.health.*.crossplane.io_*': 'return {status="Suspended"}',
    'resource.customizations.ignoreDifferences.apps_Deployment': 'jsonPointers: [/spec/replicas]',
  }, parse);
  expect(scripts.map(s => s.key)).toEqual(['*.crossplane.io/*', 'cert-manager.io/Certificate', 'example.com/Widget']);
  expect(healthScriptFor(scripts, 'cert-manager.io', 'Certificate')).toMatchObject({ script: 'return {status="Progressing"}', useOpenLibs: true });
  expect(healthScriptFor(scripts, 'rds.aws.crossplane.io', 'DBInstance')?.key).toBe('*.crossplane.io/*');
  expect(healthScriptFor(scripts, 'apps', 'Deployment')).toBeUndefined();
});

test('a malformed useOpenLibs value is refused', () => {
  expect(() => healthScripts({ 'resource.customizations.useOpenLibs.x.io_Y': 'yes' }, parse)).toThrow(/expected true or false/);
});

test('a malformed key names itself, so a reader can point at its line', () => {
  const keyOf = (data: Record<string, unknown>) => {
    try {
      healthScripts(data, parse);
    } catch (e) {
      expect(e).toBeInstanceOf(ArgocdCmKeyError);
      return (e as ArgocdCmKeyError).key;
    }
    return undefined;
  };
  expect(keyOf({ 'url': 'x', 'resource.customizations.health.a_b_c': 'return {}' })).toBe('resource.customizations.health.a_b_c');
  expect(keyOf({ 'resource.customizations.useOpenLibs.x.io_Y': 'yes' })).toBe('resource.customizations.useOpenLibs.x.io_Y');
  expect(keyOf({ 'resource.customizations': '- a' })).toBe('resource.customizations');
  expect(keyOf({ 'resource.customizations': 'a: [' })).toBe('resource.customizations');
  expect(isResourceCustomizationKey('resource.customizations.health.apps_Deployment')).toBe(true);
  expect(isResourceCustomizationKey('url')).toBe(false);
});
