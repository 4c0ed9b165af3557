/**
 * Which kinds a cluster serves before the sync: the built-in API groups of every Kubernetes API server, plus
 * Argo CD's own CRDs (they exist wherever Argo CD runs, the usual app-of-apps destination). Anything else needs
 * its CRD first (the dry run, docs/argo-cd-model.md#tasks, and `SkipDryRunOnMissingResource`,
 * docs/argo-cd-model.md#sync-options). Shared by the rule pack and the simulator's discovery.
 */
import { KIND_ORDER } from './kind-order';
import { TABLE_KINDS } from './served-versions';

const BUILTIN_GROUPS: ReadonlySet<string> = new Set([
  '',
  'admissionregistration.k8s.io',
  'apiextensions.k8s.io',
  'apiregistration.k8s.io',
  'apps',
  'authentication.k8s.io',
  'authorization.k8s.io',
  'autoscaling',
  'batch',
  'certificates.k8s.io',
  'coordination.k8s.io',
  'discovery.k8s.io',
  'events.k8s.io',
  'extensions',
  'flowcontrol.apiserver.k8s.io',
  'internal.apiserver.k8s.io',
  'networking.k8s.io',
  'node.k8s.io',
  'policy',
  'rbac.authorization.k8s.io',
  'resource.k8s.io',
  'scheduling.k8s.io',
  'storage.k8s.io',
  'storagemigration.k8s.io',
]);

/** The API group of Argo CD's CRDs (and of Argo Rollouts', Workflows' and Events'). */
export const ARGO_CD_GROUP = 'argoproj.io';
/** Argo CD's own kinds, by their lower-cased spelling: its CRDs' `spec.names.kind`. */
const ARGO_CD_KIND_SPELLINGS = new Map<string, string>(['Application', 'AppProject', 'ApplicationSet'].map(kind => [kind.toLowerCase(), kind]));
const ARGO_CD_KINDS: ReadonlySet<string> = new Set([...ARGO_CD_KIND_SPELLINGS.values()].map(kind => `${ARGO_CD_GROUP}/${kind}`));

/** True for API groups every Kubernetes API server serves without a CRD. */
export function isBuiltinGroup(group: string): boolean {
  return BUILTIN_GROUPS.has(group);
}

/**
 * True when a cluster serves `group/kind` before the sync, given CRDs already `installed` (`group/Kind`).
 * As for a built-in group, an Argo CD kind in another case (`argoproj.io` `application`) needs no CRD: its
 * group/version is served, the kind as written is not (`builtinKindSpelling`).
 */
export function servedWithoutCrd(group: string, kind: string, installed?: ReadonlySet<string>): boolean {
  // Built-in groups first: most objects are, and need no `group/Kind` string.
  if (BUILTIN_GROUPS.has(group)) return true;
  const gk = `${group}/${kind}`;
  return ARGO_CD_KINDS.has(gk) || (installed?.has(gk) ?? false) || (group === ARGO_CD_GROUP && ARGO_CD_KIND_SPELLINGS.has(kind.toLowerCase()));
}

/** True when the kind needs a CRD that Argo CD cannot assume is installed. */
export function needsCrd(group: string, kind: string): boolean {
  return !servedWithoutCrd(group, kind);
}

/** Built-in kinds, by their lower-cased spelling: the kind order's and the served-versions table's, and a few more. */
const BUILTIN_KINDS = new Map<string, string>(
  [...KIND_ORDER.filter(kind => !kind.endsWith('List')), ...TABLE_KINDS, 'Endpoints', 'PodTemplate', 'Node', 'Binding',
    'PriorityClass', 'ControllerRevision', 'Lease', 'ValidatingAdmissionPolicy', 'MutatingWebhookConfiguration',
    'ValidatingWebhookConfiguration', 'CSIDriver', 'CSINode', 'VolumeAttachment', 'RuntimeClass']
    .map(kind => [kind.toLowerCase(), kind]),
);
const BUILTIN_SPELLINGS: ReadonlySet<string> = new Set(BUILTIN_KINDS.values());

/**
 * The spelling discovery serves when `kind`, of a built-in group, differs from a built-in kind only by
 * case (`configmap` → `ConfigMap`), or of `argoproj.io` from one of Argo CD's own kinds (`application` →
 * `Application`), else undefined. Discovery matches kinds exactly (gitops-engine `pkg/utils/kube/kube.go`
 * `ServerResourceForGroupVersionKind`: `r.Kind == gvk.Kind`), a CRD's too (the API server lists its
 * `spec.names.kind` as written), so such a task is served by nothing and fails the sync's validation.
 * Other custom kinds are their CRD's to name, those of `argoproj.io` (Rollout, Workflow) included: their
 * CRD may not be installed, and custom-resource-without-crd speaks for them.
 */
export function builtinKindSpelling(group: string, kind: string): string | undefined {
  if (group === ARGO_CD_GROUP) {
    const argo = ARGO_CD_KIND_SPELLINGS.get(kind.toLowerCase());
    return argo === kind ? undefined : argo;
  }
  // Nearly every object is a built-in kind spelled right: found without lower-casing a string.
  if (!BUILTIN_GROUPS.has(group) || BUILTIN_SPELLINGS.has(kind)) return undefined;
  const spelling = BUILTIN_KINDS.get(kind.toLowerCase());
  return spelling === undefined || spelling === kind ? undefined : spelling;
}

/** A Kubernetes API version once lower-cased: `v1`, `v2beta1`, `v1alpha3`. */
const KUBE_VERSION_LOWER = /^v\d+(?:(?:alpha|beta)\d+)?$/;
const UPPER = /[A-Z]/;

/**
 * The apiVersion discovery serves when `apiVersion` differs from a group/version served without a CRD
 * only by case (`V1` → `v1`, `Apps/v1` → `apps/v1`, `apps/V1` → `apps/v1`), else undefined. client-go's
 * `ServerResourcesForGroupVersion` asks the API server for `/apis/<group>/<version>` as written (the
 * legacy `/api/v1` only for exactly `v1`), and its paths are case-sensitive: a 404, so the sync's
 * validation (`ServerResourceForGroupVersionKind` in `getSyncTasks`) fails. A CRD cannot serve it either:
 * its group must be a DNS-1123 subdomain and its versions DNS-1035 labels, lower case.
 */
export function builtinApiVersionSpelling(apiVersion: string, kind: string): string | undefined {
  // Nearly every apiVersion is lower case: found with one scan and nothing built.
  if (!UPPER.test(apiVersion)) return undefined;
  const lower = apiVersion.toLowerCase();
  const slash = lower.indexOf('/');
  const group = slash < 0 ? '' : lower.slice(0, slash);
  const version = lower.slice(slash + 1);
  return KUBE_VERSION_LOWER.test(version) && (slash < 0 ? version === 'v1' : group !== '' && servedWithoutCrd(group, kind)) ? lower : undefined;
}

/**
 * The lower-case spelling of an apiVersion of a custom group (one served only by a CRD) written with an
 * upper-case letter (`Example.com/v1` → `example.com/v1`, `example.com/V1` → `example.com/v1`), else
 * undefined. No CRD can serve it: apiextensions' `ValidateCustomResourceDefinitionSpec` requires
 * `spec.group` to be a DNS-1123 subdomain and each version's name a DNS-1035 label, both lower case, so
 * discovery's case-sensitive `/apis/<group>/<version>` 404s on every cluster, as for `Apps/v1`.
 */
export function customApiVersionSpelling(apiVersion: string, kind: string): string | undefined {
  if (!UPPER.test(apiVersion)) return undefined;
  const slash = apiVersion.indexOf('/');
  if (slash <= 0) return undefined; // the core group's: `V1` is builtinApiVersionSpelling's
  const lower = apiVersion.toLowerCase();
  return servedWithoutCrd(lower.slice(0, slash), kind) ? undefined : lower;
}

/** Either: an apiVersion in another case than any API server serves (`builtinApiVersionSpelling`, `customApiVersionSpelling`). */
export function miscasedApiVersion(apiVersion: string, kind: string): string | undefined {
  return builtinApiVersionSpelling(apiVersion, kind) ?? customApiVersionSpelling(apiVersion, kind);
}
