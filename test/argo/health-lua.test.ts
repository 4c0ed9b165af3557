/**
 * Argo CD's built-in Lua health scripts by release: the folders with a `health.lua` under argo-cd
 * `resource_customizations`, read with `git ls-tree` at the tags v2.14.0, v3.0.0, v3.1.0, v3.2.0,
 * v3.3.0, v3.4.0, v3.5.0 and on master (VERSION 3.6.0). Each case names a folder that one release
 * added (or 3.3 replaced) and asks both sides of it; the counts are the number of folders at each tag.
 */
import { builtinLuaHealthFolders, BUILTIN_LUA_HEALTH, hasBuiltinLuaHealth } from '../../src/argo/health-lua';
import { ARGOCD_VERSIONS, LATEST_ARGOCD_VERSION } from '../../src/argo/versions';

/** The version before `version` among those modelled. */
const before = (version: string): string => ARGOCD_VERSIONS[ARGOCD_VERSIONS.indexOf(version) - 1];

describe('built-in Lua health scripts by Argo CD version (argo-cd resource_customizations)', () => {
  test.each([
    // [release that added it, group, kind, the folder upstream]
    ['3.0', 'apiextensions.k8s.io', 'CustomResourceDefinition'], // apiextensions.k8s.io/CustomResourceDefinition
    ['3.1', 'apiextensions.crossplane.io', 'Composition'], // _.crossplane.io/_ (pkg.crossplane.io/Provider had its own before)
    ['3.1', 'ec2.aws.upbound.io', 'VPC'], // _.upbound.io/_
    ['3.1', 'gateway.networking.k8s.io', 'HTTPRoute'],
    ['3.1', 'rabbitmq.com', 'Queue'],
    ['3.2', 'batch', 'CronJob'],
    ['3.2', 'promoter.argoproj.io', 'PromotionStrategy'],
    ['3.3', 'keda.sh', 'ScaledJob'],
    ['3.3', 'grafana-org-operator.kubitus-project.gitlab.io', 'GrafanaOrganization'], // a wildcard kind folder
    ['3.4', 'nmstate.io', 'NodeNetworkConfigurationPolicy'],
    ['3.5', 'karpenter.sh', 'NodeClaim'],
    ['3.5', 'gateway.networking.k8s.io', 'GatewayClass'],
    ['3.5', 'operator.victoriametrics.com', 'VMCluster'], // operator.victoriametrics.com/_
    ['3.6', 'pulumi.com', 'Stack'],
    ['3.6', 'ecr.services.k8s.aws', 'Repository'], // _.services.k8s.aws/_
  ])('from %s: %s/%s', (since, group, kind) => {
    expect(hasBuiltinLuaHealth(group, kind, since)).toBe(true);
    expect(hasBuiltinLuaHealth(group, kind, LATEST_ARGOCD_VERSION)).toBe(true);
    expect(hasBuiltinLuaHealth(group, kind, before(since))).toBe(false);
    expect(hasBuiltinLuaHealth(group, kind, ARGOCD_VERSIONS[0])).toBe(false);
  });

  test('in every version modelled: scripts already in v2.14.0', () => {
    for (const version of ARGOCD_VERSIONS) {
      expect(hasBuiltinLuaHealth('argoproj.io', 'Rollout', version)).toBe(true);
      expect(hasBuiltinLuaHealth('policy', 'PodDisruptionBudget', version)).toBe(true);
      expect(hasBuiltinLuaHealth('cert-manager.io', 'Certificate', version)).toBe(true);
      expect(hasBuiltinLuaHealth('', 'ConfigMap', version)).toBe(false);
    }
  });

  test('3.3 replaced the 15 Config Connector scripts with _.cnrm.cloud.google.com/_ (v3.2.0 against v3.3.0)', () => {
    // A kind with a script of its own before: judged in every version.
    for (const version of ARGOCD_VERSIONS) expect(hasBuiltinLuaHealth('iam.cnrm.cloud.google.com', 'IAMPolicy', version)).toBe(true);
    // A kind without one: judged only by the wildcard.
    expect(hasBuiltinLuaHealth('compute.cnrm.cloud.google.com', 'ComputeInstance', '3.2')).toBe(false);
    expect(hasBuiltinLuaHealth('compute.cnrm.cloud.google.com', 'ComputeInstance', '3.3')).toBe(true);
    expect(builtinLuaHealthFolders('3.2')).toContain('storage.cnrm.cloud.google.com/StorageBucket');
    expect(builtinLuaHealthFolders('3.2')).not.toContain('_.cnrm.cloud.google.com/_');
    expect(builtinLuaHealthFolders('3.3').filter(f => f.includes('cnrm'))).toEqual(['_.cnrm.cloud.google.com/_']);
  });

  test.each([
    ['2.14', 182], ['3.0', 183], ['3.1', 207], ['3.2', 233], ['3.3', 226], ['3.4', 227], ['3.5', 238], ['3.6', 241],
  ])('Argo CD %s ships %i folders with a health.lua', (version, count) => {
    expect(builtinLuaHealthFolders(version)).toHaveLength(count);
  });

  test('the latest is the whole list; a version not modelled answers as the oldest, as behavesSince does', () => {
    expect(builtinLuaHealthFolders()).toEqual([...BUILTIN_LUA_HEALTH].sort());
    expect(hasBuiltinLuaHealth('batch', 'CronJob')).toBe(true);
    expect(hasBuiltinLuaHealth('batch', 'CronJob', '9.9')).toBe(false);
    expect(hasBuiltinLuaHealth('argoproj.io', 'Rollout', '9.9')).toBe(true);
  });
});
