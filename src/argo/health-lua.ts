import { ARGOCD_VERSIONS, behavesSince, isAtLeast, LATEST_ARGOCD_VERSION, minorOf } from './versions';

/**
 * Group/kinds for which Argo CD ships a built-in Lua health check (the folders with a `health.lua`
 * under `argo-cd resource_customizations`), and the release that first shipped each: read with
 * `git ls-tree` of that folder at v2.14.0, v3.0.0, v3.1.0, v3.2.0, v3.3.0, v3.4.0, v3.5.0 and the
 * 3.6 development line (master, VERSION 3.6.0, Aug 2026). `_` in a folder name is a glob `*` (one
 * path segment): `_.crossplane.io/_` covers every kind of every `*.crossplane.io` group. Exact
 * folders are tried before wildcards. `argocd-cm` overrides are not known here.
 */

/**
 * The 3.6 list. An older version's is this one without the scripts added after it
 * (`BUILTIN_LUA_HEALTH_SINCE`), and before 3.3 with `CONFIG_CONNECTOR_LUA_HEALTH` for its wildcard.
 */
export const BUILTIN_LUA_HEALTH: readonly string[] = [
  '_.cnrm.cloud.google.com/_',
  '_.crossplane.io/_',
  '_.services.k8s.aws/_',
  '_.upbound.io/_',
  'acid.zalan.do/postgresql',
  'addons.cluster.x-k8s.io/ClusterResourceSet',
  'apiextensions.k8s.io/CustomResourceDefinition',
  'apps.3scale.net/APIManager',
  'apps.kruise.io/AdvancedCronJob',
  'apps.kruise.io/BroadcastJob',
  'apps.kruise.io/CloneSet',
  'apps.kruise.io/DaemonSet',
  'apps.kruise.io/StatefulSet',
  'apps.openshift.io/DeploymentConfig',
  'argoproj.io/AnalysisRun',
  'argoproj.io/ApplicationSet',
  'argoproj.io/CronWorkflow',
  'argoproj.io/EventBus',
  'argoproj.io/Experiment',
  'argoproj.io/Rollout',
  'astra.netapp.io/AppVault',
  'astra.netapp.io/Application',
  'astra.netapp.io/Backup',
  'astra.netapp.io/ExecHook',
  'astra.netapp.io/ExecHooksRun',
  'astra.netapp.io/ResourceBackup',
  'astra.netapp.io/ResticVolumeBackup',
  'astra.netapp.io/Schedule',
  'astra.netapp.io/Snapshot',
  'batch/CronJob',
  'beat.k8s.elastic.co/Beat',
  'bitnami.com/SealedSecret',
  'camel.apache.org/Integration',
  'capabilities.3scale.net/ActiveDoc',
  'capabilities.3scale.net/Application',
  'capabilities.3scale.net/ApplicationAuth',
  'capabilities.3scale.net/Backend',
  'capabilities.3scale.net/CustomPolicyDefinition',
  'capabilities.3scale.net/DeveloperAccount',
  'capabilities.3scale.net/DeveloperUser',
  'capabilities.3scale.net/OpenAPI',
  'capabilities.3scale.net/Product',
  'capabilities.3scale.net/ProxyConfigPromote',
  'capabilities.3scale.net/Tenant',
  'cassandra.rook.io/Cluster',
  'cdi.kubevirt.io/DataVolume',
  'ceph.rook.io/CephCluster',
  'ceph.rook.io/CephObjectStore',
  'cert-manager.io/Certificate',
  'cert-manager.io/ClusterIssuer',
  'cert-manager.io/Issuer',
  'certmanager.k8s.io/Certificate',
  'certmanager.k8s.io/Issuer',
  'clickhouse-keeper.altinity.com/ClickHouseKeeperInstallation',
  'clickhouse.altinity.com/ClickHouseInstallation',
  'cloudfront.aws.crossplane.io/Distribution',
  'cluster.x-k8s.io/Cluster',
  'cluster.x-k8s.io/Machine',
  'cluster.x-k8s.io/MachineDeployment',
  'cluster.x-k8s.io/MachineHealthCheck',
  'cluster.x-k8s.io/MachinePool',
  'controlplane.cluster.x-k8s.io/AWSManagedControlPlane',
  'coralogix.com/Alert',
  'coralogix.com/RecordingRuleGroupSet',
  'core.gardener.cloud/Shoot',
  'core.humio.com/HumioAction',
  'core.humio.com/HumioAlert',
  'core.humio.com/HumioCluster',
  'core.humio.com/HumioIngestToken',
  'core.humio.com/HumioParser',
  'core.humio.com/HumioRepository',
  'core.humio.com/HumioView',
  'core.spinkube.dev/SpinApp',
  'datadoghq.com/DatadogMetric',
  'db.atlasgo.io/AtlasMigration',
  'db.atlasgo.io/AtlasSchema',
  'elasticsearch.k8s.elastic.co/Elasticsearch',
  'external-secrets.io/ClusterExternalSecret',
  'external-secrets.io/ClusterSecretStore',
  'external-secrets.io/ExternalSecret',
  'external-secrets.io/PushSecret',
  'external-secrets.io/SecretStore',
  'flagger.app/Canary',
  'flink.apache.org/FlinkDeployment',
  'game.kruise.io/GameServer',
  'game.kruise.io/GameServerSet',
  'gateway.networking.k8s.io/BackendTLSPolicy',
  'gateway.networking.k8s.io/GRPCRoute',
  'gateway.networking.k8s.io/Gateway',
  'gateway.networking.k8s.io/GatewayClass',
  'gateway.networking.k8s.io/HTTPRoute',
  'gateway.solo.io/Gateway',
  'gateway.solo.io/MatchableHttpGateway',
  'gateway.solo.io/RouteOption',
  'gateway.solo.io/RouteTable',
  'gateway.solo.io/VirtualHostOption',
  'gateway.solo.io/VirtualService',
  'gloo.solo.io/Proxy',
  'gloo.solo.io/Settings',
  'gloo.solo.io/Upstream',
  'gloo.solo.io/UpstreamGroup',
  'grafana-org-operator.kubitus-project.gitlab.io/_',
  'grafana.integreatly.org/Grafana',
  'grafana.integreatly.org/GrafanaDashboard',
  'grafana.integreatly.org/GrafanaDatasource',
  'grafana.integreatly.org/GrafanaFolder',
  'helm.toolkit.fluxcd.io/HelmRelease',
  'iam.aws.crossplane.io/Policy',
  'iam.aws.crossplane.io/Role',
  'iam.aws.crossplane.io/RolePolicyAttachment',
  'iammanager.keikoproj.io/Iamrole',
  'image.toolkit.fluxcd.io/ImagePolicy',
  'image.toolkit.fluxcd.io/ImageRepository',
  'image.toolkit.fluxcd.io/ImageUpdateAutomation',
  'install.istio.io/IstioOperator',
  'jaegertracing.io/Jaeger',
  'k8s.keycloak.org/Keycloak',
  'k8s.mariadb.com/Backup',
  'k8s.mariadb.com/Database',
  'k8s.mariadb.com/Grant',
  'k8s.mariadb.com/MariaDB',
  'k8s.mariadb.com/SqlJob',
  'k8s.mariadb.com/User',
  'kafka.banzaicloud.io/KafkaCluster',
  'kafka.strimzi.io/Kafka',
  'kafka.strimzi.io/KafkaBridge',
  'kafka.strimzi.io/KafkaConnect',
  'kafka.strimzi.io/KafkaConnector',
  'kafka.strimzi.io/KafkaTopic',
  'kafka.strimzi.io/KafkaUser',
  'karpenter.k8s.aws/EC2NodeClass',
  'karpenter.sh/NodeClaim',
  'karpenter.sh/NodePool',
  'keda.sh/ScaledJob',
  'keda.sh/ScaledObject',
  'kiali.io/Kiali',
  'kubernetes-client.io/ExternalSecret',
  'kubevirt.io/VirtualMachine',
  'kubevirt.io/VirtualMachineInstance',
  'kustomize.toolkit.fluxcd.io/Kustomization',
  'kyverno.io/Policy',
  'lifecycle.keptn.sh/KeptnAppVersion',
  'lifecycle.keptn.sh/KeptnEvaluation',
  'lifecycle.keptn.sh/KeptnTask',
  'lifecycle.keptn.sh/KeptnWorkloadInstance',
  'lifecycle.keptn.sh/KeptnWorkloadVersion',
  'logstash.k8s.elastic.co/Logstash',
  'mariadb.mmontes.io/MariaDB',
  'metrics.keptn.sh/Analysis',
  'metrics.keptn.sh/KeptnMetric',
  'microgateway.airlock.com/_',
  'minio.min.io/Tenant',
  'monitoring.coreos.com/Prometheus',
  'networking.gke.io/ManagedCertificate',
  'nmstate.io/NodeNetworkConfigurationPolicy',
  'notification.toolkit.fluxcd.io/Receiver',
  'numaflow.numaproj.io/InterStepBufferService',
  'numaflow.numaproj.io/MonoVertex',
  'numaflow.numaproj.io/Pipeline',
  'numaflow.numaproj.io/Vertex',
  'numaplane.numaproj.io/ISBServiceRollout',
  'numaplane.numaproj.io/MonoVertexRollout',
  'numaplane.numaproj.io/NumaflowControllerRollout',
  'numaplane.numaproj.io/PipelineRollout',
  'objectbucket.io/ObjectBucketClaim',
  'ocs.openshift.io/StorageCluster',
  'onepassword.com/OnePasswordItem',
  'openfaas.com/Function',
  'opentelemetry.io/OpenTelemetryCollector',
  'operator.knative.dev/KnativeEventing',
  'operator.knative.dev/KnativeServing',
  'operator.openshift.io/IngressController',
  'operator.victoriametrics.com/_',
  'operators.coreos.com/Subscription',
  'pkg.crossplane.io/Provider',
  'platform.confluent.io/Connect',
  'platform.confluent.io/Connector',
  'platform.confluent.io/ControlCenter',
  'platform.confluent.io/Kafka',
  'platform.confluent.io/KsqlDB',
  'platform.confluent.io/SchemaRegistry',
  'platform.confluent.io/Zookeeper',
  'policy.open-cluster-management.io/CertificatePolicy',
  'policy.open-cluster-management.io/ConfigurationPolicy',
  'policy.open-cluster-management.io/OperatorPolicy',
  'policy.open-cluster-management.io/Policy',
  'policy/PodDisruptionBudget',
  'postgresql.cnpg.io/Cluster',
  'proclaim.dogmatiq.io/DNSSDServiceInstance',
  'projectcontour.io/ExtensionService',
  'projectcontour.io/HTTPProxy',
  'promoter.argoproj.io/ArgoCDCommitStatus',
  'promoter.argoproj.io/ChangeTransferPolicy',
  'promoter.argoproj.io/ClusterScmProvider',
  'promoter.argoproj.io/CommitStatus',
  'promoter.argoproj.io/GitCommitStatus',
  'promoter.argoproj.io/GitRepository',
  'promoter.argoproj.io/PromotionStrategy',
  'promoter.argoproj.io/PullRequest',
  'promoter.argoproj.io/ScmProvider',
  'promoter.argoproj.io/TimedCommitStatus',
  'promoter.argoproj.io/WebRequestCommitStatus',
  'psmdb.percona.com/PerconaServerMongoDB',
  'pulumi.com/Stack',
  'pxc.percona.com/PerconaXtraDBCluster',
  'rabbitmq.com/Binding',
  'rabbitmq.com/Exchange',
  'rabbitmq.com/Permission',
  'rabbitmq.com/Policy',
  'rabbitmq.com/Queue',
  'rabbitmq.com/RabbitmqCluster',
  'rabbitmq.com/Shovel',
  'rabbitmq.com/User',
  'rabbitmq.com/Vhost',
  'rds.aws.crossplane.io/DBCluster',
  'rds.aws.crossplane.io/DBInstance',
  'rollouts.kruise.io/Rollout',
  'route.openshift.io/Route',
  'route53.aws.crossplane.io/ResourceRecordSet',
  's3.aws.crossplane.io/Bucket',
  'services.cloud.sap.com/ServiceBinding',
  'services.cloud.sap.com/ServiceInstance',
  'serving.knative.dev/Service',
  'serving.kserve.io/InferenceService',
  'snapshot.storage.k8s.io/VolumeSnapshot',
  'snapshot.storage.k8s.io/VolumeSnapshotContent',
  'solr.apache.org/SolrCloud',
  'source.toolkit.fluxcd.io/Bucket',
  'source.toolkit.fluxcd.io/GitRepository',
  'source.toolkit.fluxcd.io/HelmChart',
  'source.toolkit.fluxcd.io/HelmRepository',
  'source.toolkit.fluxcd.io/OCIRepository',
  'sparkoperator.k8s.io/SparkApplication',
  'spot.io/SpotDeployment',
  'stacks.crossplane.io/ClusterStackInstall',
  'tower.ansible.com/AnsibleJob',
  'trident.netapp.io/TridentBackendConfig',
  'trident.netapp.io/TridentOrchestrator',
  'work.karmada.io/ClusterResourceBinding',
  'work.karmada.io/ResourceBinding',
  'zookeeper.pravega.io/ZookeeperCluster',
];

/**
 * The scripts of `BUILTIN_LUA_HEALTH` added after 2.14, by the first release that shipped them
 * (those not named here are in v2.14.0 already). The Config Connector wildcard is
 * `SINCE.configConnectorHealthWildcard` instead: it replaced scripts, not only added one.
 */
export const BUILTIN_LUA_HEALTH_SINCE: Readonly<Record<string, string>> = {
  'apiextensions.k8s.io/CustomResourceDefinition': '3.0',
  '_.crossplane.io/_': '3.1',
  '_.upbound.io/_': '3.1',
  'core.spinkube.dev/SpinApp': '3.1',
  'gateway.networking.k8s.io/GRPCRoute': '3.1',
  'gateway.networking.k8s.io/Gateway': '3.1',
  'gateway.networking.k8s.io/HTTPRoute': '3.1',
  'grafana.integreatly.org/GrafanaDashboard': '3.1',
  'grafana.integreatly.org/GrafanaFolder': '3.1',
  'karpenter.k8s.aws/EC2NodeClass': '3.1',
  'karpenter.sh/NodePool': '3.1',
  'kyverno.io/Policy': '3.1',
  'logstash.k8s.elastic.co/Logstash': '3.1',
  'ocs.openshift.io/StorageCluster': '3.1',
  'opentelemetry.io/OpenTelemetryCollector': '3.1',
  'postgresql.cnpg.io/Cluster': '3.1',
  'projectcontour.io/HTTPProxy': '3.1',
  'rabbitmq.com/Binding': '3.1',
  'rabbitmq.com/Exchange': '3.1',
  'rabbitmq.com/Permission': '3.1',
  'rabbitmq.com/Policy': '3.1',
  'rabbitmq.com/Queue': '3.1',
  'rabbitmq.com/Shovel': '3.1',
  'rabbitmq.com/User': '3.1',
  'rabbitmq.com/Vhost': '3.1',
  'apps.3scale.net/APIManager': '3.2',
  'batch/CronJob': '3.2',
  'capabilities.3scale.net/ActiveDoc': '3.2',
  'capabilities.3scale.net/Application': '3.2',
  'capabilities.3scale.net/ApplicationAuth': '3.2',
  'capabilities.3scale.net/Backend': '3.2',
  'capabilities.3scale.net/CustomPolicyDefinition': '3.2',
  'capabilities.3scale.net/DeveloperAccount': '3.2',
  'capabilities.3scale.net/DeveloperUser': '3.2',
  'capabilities.3scale.net/OpenAPI': '3.2',
  'capabilities.3scale.net/Product': '3.2',
  'capabilities.3scale.net/ProxyConfigPromote': '3.2',
  'capabilities.3scale.net/Tenant': '3.2',
  'clickhouse-keeper.altinity.com/ClickHouseKeeperInstallation': '3.2',
  'clickhouse.altinity.com/ClickHouseInstallation': '3.2',
  'coralogix.com/Alert': '3.2',
  'coralogix.com/RecordingRuleGroupSet': '3.2',
  'datadoghq.com/DatadogMetric': '3.2',
  'game.kruise.io/GameServer': '3.2',
  'game.kruise.io/GameServerSet': '3.2',
  'projectcontour.io/ExtensionService': '3.2',
  'promoter.argoproj.io/ArgoCDCommitStatus': '3.2',
  'promoter.argoproj.io/ChangeTransferPolicy': '3.2',
  'promoter.argoproj.io/CommitStatus': '3.2',
  'promoter.argoproj.io/PromotionStrategy': '3.2',
  'promoter.argoproj.io/PullRequest': '3.2',
  'ceph.rook.io/CephCluster': '3.3',
  'ceph.rook.io/CephObjectStore': '3.3',
  'grafana-org-operator.kubitus-project.gitlab.io/_': '3.3',
  'keda.sh/ScaledJob': '3.3',
  'objectbucket.io/ObjectBucketClaim': '3.3',
  'services.cloud.sap.com/ServiceBinding': '3.3',
  'services.cloud.sap.com/ServiceInstance': '3.3',
  'nmstate.io/NodeNetworkConfigurationPolicy': '3.4',
  'core.gardener.cloud/Shoot': '3.5',
  'gateway.networking.k8s.io/BackendTLSPolicy': '3.5',
  'gateway.networking.k8s.io/GatewayClass': '3.5',
  'karpenter.sh/NodeClaim': '3.5',
  'operator.victoriametrics.com/_': '3.5',
  'promoter.argoproj.io/ClusterScmProvider': '3.5',
  'promoter.argoproj.io/GitCommitStatus': '3.5',
  'promoter.argoproj.io/GitRepository': '3.5',
  'promoter.argoproj.io/ScmProvider': '3.5',
  'promoter.argoproj.io/TimedCommitStatus': '3.5',
  'promoter.argoproj.io/WebRequestCommitStatus': '3.5',
  '_.services.k8s.aws/_': '3.6',
  'microgateway.airlock.com/_': '3.6',
  'pulumi.com/Stack': '3.6',
};

/** The Config Connector folder that replaced `CONFIG_CONNECTOR_LUA_HEALTH` in 3.3. */
const CONFIG_CONNECTOR_WILDCARD = '_.cnrm.cloud.google.com/_';

/**
 * The Config Connector kinds with a script of their own before 3.3 (v3.2.0); v3.3.0 removed them
 * for `_.cnrm.cloud.google.com/_`, which judges every Config Connector kind.
 */
export const CONFIG_CONNECTOR_LUA_HEALTH: readonly string[] = [
  'cloudfunctions.cnrm.cloud.google.com/CloudFunctionsFunction',
  'cloudscheduler.cnrm.cloud.google.com/CloudSchedulerJob',
  'compute.cnrm.cloud.google.com/ComputeDisk',
  'iam.cnrm.cloud.google.com/IAMPartialPolicy',
  'iam.cnrm.cloud.google.com/IAMPolicy',
  'iam.cnrm.cloud.google.com/IAMPolicyMember',
  'iam.cnrm.cloud.google.com/IAMServiceAccount',
  'pubsub.cnrm.cloud.google.com/PubSubSubscription',
  'pubsub.cnrm.cloud.google.com/PubSubTopic',
  'resourcemanager.cnrm.cloud.google.com/Project',
  'sql.cnrm.cloud.google.com/SQLDatabase',
  'sql.cnrm.cloud.google.com/SQLInstance',
  'storage.cnrm.cloud.google.com/StorageBucket',
  'storage.cnrm.cloud.google.com/StorageBucketAccessControl',
  'storage.cnrm.cloud.google.com/StorageDefaultObjectAccessControl',
];

interface LuaTable {
  readonly exact: ReadonlySet<string>;
  readonly wildcards: readonly RegExp[];
  /** Those a key without '/' (a core kind: ConfigMap, Secret, ...) can match: a '/' in a folder stays a '/'. */
  readonly wildcardsWithoutGroup: readonly RegExp[];
}

const wildcard = (k: string): RegExp =>
  new RegExp(`^${k.split('_').map(part => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);

/** The folders with a `health.lua` in a version's `resource_customizations`, sorted. */
export function builtinLuaHealthFolders(version: string = LATEST_ARGOCD_VERSION): string[] {
  const wildcardNow = behavesSince('configConnectorHealthWildcard', version);
  return BUILTIN_LUA_HEALTH.filter(k => {
    if (k === CONFIG_CONNECTOR_WILDCARD) return wildcardNow;
    const since = BUILTIN_LUA_HEALTH_SINCE[k];
    return since === undefined || isAtLeast(version, since);
  }).concat(wildcardNow ? [] : CONFIG_CONNECTOR_LUA_HEALTH).sort();
}

/** The folders of one version: built once per version modelled, so a lookup allocates nothing but its key. */
function tableOf(version: string): LuaTable {
  const keys = builtinLuaHealthFolders(version);
  const wildcards = keys.filter(k => k.includes('_')).sort();
  return {
    exact: new Set(keys.filter(k => !k.includes('_'))),
    wildcards: wildcards.map(wildcard),
    wildcardsWithoutGroup: wildcards.filter(k => !k.includes('/')).map(wildcard),
  };
}

const TABLES: ReadonlyMap<string, LuaTable> = new Map(ARGOCD_VERSIONS.map(v => [v, tableOf(v)]));
/** A version not modelled behaves the oldest way, as `behavesSince` answers for it. */
const OLDEST_TABLE = TABLES.get(ARGOCD_VERSIONS[0])!;

/** Argo CD's config-map key of a group/kind: `kind` for the core group, else `group/kind`. */
export function healthKey(group: string, kind: string): string {
  return group === '' ? kind : `${group}/${kind}`;
}

/**
 * True when Argo CD has a built-in Lua health script for this group/kind (exact or wildcard folder).
 * @param version the Argo CD version modelled (`versions.ts`: its minor decides the scripts); undefined: the latest
 */
export function hasBuiltinLuaHealth(group: string, kind: string, version: string = LATEST_ARGOCD_VERSION): boolean {
  const table = TABLES.get(minorOf(version)) ?? OLDEST_TABLE; // scripts ship with minor releases
  const key = healthKey(group, kind);
  return table.exact.has(key) || (key.includes('/') ? table.wildcards : table.wildcardsWithoutGroup).some(w => w.test(key));
}

/** The first version modelled after `version` whose built-in Lua judges this group/kind (for messages); undefined when none. */
export function builtinLuaHealthAfter(group: string, kind: string, version: string): string | undefined {
  return ARGOCD_VERSIONS.find(v => isAtLeast(v, version) && v !== minorOf(version) && hasBuiltinLuaHealth(group, kind, v));
}
