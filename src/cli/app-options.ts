/**
 * `--sync-option` and `--live`: the Application's `spec.syncPolicy.syncOptions` and what its
 * cluster holds now. One parser for every command that plans a sync (`plan`, `lint`, `simulate`,
 * `diagram`, `report`), so the same flag is accepted or refused with the same words everywhere.
 */
import { InvalidArgumentError, Option } from 'commander';
import type { Command } from 'commander';
import { UsageError } from './errors';
import type * as LoadModule from './load';
import { collect } from './options';
import type * as PruneOptionModule from '../argo/prune-option';
import { DEFAULT_KUBE_VERSION, KUBE_VERSIONS, kubeMinor } from '../argo/served-versions';
import type * as SyncOptionsModule from '../argo/sync-options';
import { TRACKING_METHODS } from '../argo/tracking';
import type { TrackingMethod } from '../argo/tracking';
import type { Manifest, PlanOptions } from '../argo/types';
import { ARGOCD_VERSIONS, LATEST_ARGOCD_VERSION, SINCE, parseArgoCdVersion } from '../argo/versions';


export interface AppFlags {
  readonly syncOption?: string[];
  readonly live?: string[];
  readonly managedNamespaceMetadata?: boolean;
  readonly argocdVersion?: string;
  readonly kubeVersion?: string;
  readonly appName?: string;
  readonly trackingMethod?: TrackingMethod;
}

function parseArgocdVersionFlag(value: string): string {
  const version = parseArgoCdVersion(value);
  if (version === undefined) throw new InvalidArgumentError(`expected one of ${ARGOCD_VERSIONS.join(', ')} (a patch version such as 3.4.2 is read as 3.4)`);
  return version;
}

function parseKubeVersionFlag(value: string): string {
  const minor = kubeMinor(value);
  if (minor === undefined) throw new InvalidArgumentError(`expected a Kubernetes minor version from ${KUBE_VERSIONS[0]} to ${KUBE_VERSIONS[KUBE_VERSIONS.length - 1]}, e.g. ${DEFAULT_KUBE_VERSION}`);
  return `1.${minor}`;
}

/**
 * `--sync-option` (repeatable), the Application's namespace metadata, the Argo CD and Kubernetes
 * versions; `--live` (repeatable) with `--app-name` and `--tracking-method` unless `live` is false.
 */
export function addAppOptions(cmd: Command, { live = true }: { live?: boolean } = {}): Command {
  cmd.option('--sync-option <option>', "one of the Application's spec.syncPolicy.syncOptions, e.g. PruneLast=true (repeatable)", collect);
  cmd.option('--managed-namespace-metadata', 'the Application sets spec.syncPolicy.managedNamespaceMetadata: with CreateNamespace=true '
    + 'the Namespace is applied in PreSync on every sync, not only while it is missing');
  cmd.option('--argocd-version <version>', `the Argo CD version to model, ${ARGOCD_VERSIONS[0]} to ${LATEST_ARGOCD_VERSION} (default: ${LATEST_ARGOCD_VERSION}); `
    + 'see the README\'s fidelity section for what changes', parseArgocdVersionFlag);
  cmd.option('--kube-version <version>', `the cluster's Kubernetes minor version, ${KUBE_VERSIONS[0]} to ${KUBE_VERSIONS[KUBE_VERSIONS.length - 1]} `
    + `(default: ${DEFAULT_KUBE_VERSION}): built-in apiVersions it no longer (or not yet) serves fail the sync`, parseKubeVersionFlag);
  if (live) {
    cmd.option('--live <path>', 'manifests in the cluster now (e.g. kubectl get -o json); those not in the input are pruned '
      + 'when tracked as the app\'s (see --tracking-method); objects with ownerReferences never are (repeatable)', collect);
    cmd.option('--app-name <name>', "the Application's name: --live prunes only objects whose tracking names it (default: any app)");
    cmd.addOption(new Option('--tracking-method <method>', 'how Argo CD tracks the app\'s objects (argocd-cm application.resourceTrackingMethod; '
      + 'default: annotation, label before Argo CD 3.0)').choices([...TRACKING_METHODS]));
  }
  return cmd;
}

/** The model options the app flags give (unset flags leave the model's defaults). */
export function appModelOptions(flags: AppFlags): Pick<PlanOptions, 'managedNamespaceMetadata' | 'argocdVersion' | 'kubeVersion' | 'tracking'> {
  return {
    ...(flags.managedNamespaceMetadata ? { managedNamespaceMetadata: true } : {}),
    ...(flags.argocdVersion !== undefined ? { argocdVersion: flags.argocdVersion } : {}),
    ...(flags.kubeVersion !== undefined ? { kubeVersion: flags.kubeVersion } : {}),
    // The CLI reads whole clusters (kubectl get -o json): only tracked objects are the app's.
    ...((flags.live ?? []).length > 0 ? {
      tracking: {
        ...(flags.trackingMethod !== undefined ? { method: flags.trackingMethod } : {}),
        ...(flags.appName !== undefined ? { appName: flags.appName } : {}),
      },
    } : {}),
  };
}

/**
 * Refuses an option Argo CD would silently ignore at the Application level: unknown, mis-cased
 * (matching is exact) or a value it does not act on.
 * @throws UsageError (exit status 2)
 */
export function checkAppSyncOption(option: string): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { SYNC_OPTIONS }: typeof SyncOptionsModule = require('../argo/sync-options');
  const eq = option.indexOf('=');
  const name = eq < 0 ? option : option.slice(0, eq);
  const value = eq < 0 ? '' : option.slice(eq + 1);
  const refuse = (why: string, fix: string) => {
    throw new UsageError(`--sync-option ${option}: not an Application sync option Argo CD acts on (${why}); ${fix}`);
  };
  const spec = SYNC_OPTIONS.find(o => o.name.toLowerCase() === name.toLowerCase());
  if (!spec) refuse(`Argo CD knows no option ${name}`, `use one of ${SYNC_OPTIONS.map(o => o.name).join(', ')}`);
  if (spec!.scope === 'resource') {
    refuse(`Argo CD reads ${spec!.name} from the objects' ${'argocd.argoproj.io/sync-options'} annotation only`,
      spec!.name === 'Force' ? 'annotate the objects Force=true,Replace=true, or simulate the sync\'s own force with --force' : 'annotate the objects instead');
  }
  const meant = spec!.values.find(v => v.toLowerCase() === value.toLowerCase());
  if (meant === undefined) {
    refuse(`${spec!.name} takes ${spec!.values.map(v => `"${v}"`).join(' or ')}`, `write "${spec!.name}=${spec!.values[0]}"`);
  }
  if (spec!.name !== name || meant !== value) {
    refuse('names and values are matched exactly and case-sensitively', `write "${spec!.name}=${meant}"`);
  }
}

/** The checked sync options, plus `extra` ones a command adds from its own flags. */
export function appSyncOptions(flags: AppFlags, extra: readonly string[] = []): string[] {
  const options = flags.syncOption ?? [];
  options.forEach(checkAppSyncOption);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ignoredAppOption }: typeof PruneOptionModule = require('../argo/prune-option');
  for (const option of options) {
    const ignored = ignoredAppOption(option, flags.argocdVersion);
    if (ignored !== undefined) {
      throw new UsageError(`--sync-option ${option}: ${ignored}; annotate the objects instead, or model --argocd-version ${SINCE.appPruneDeleteDefaults} or later`);
    }
  }
  return [...options, ...extra];
}

/**
 * The `--live` manifests (the plan fills in the destination namespace, as for the input), without the
 * objects a controller owns: Argo CD manages, and so prunes, only live objects with no owner
 * references (gitops-engine `GetManagedLiveObjs`), so the ReplicaSets and Pods of a Deployment in
 * `kubectl get all -o json` are never pruned.
 */
export function liveManifests(flags: AppFlags): Manifest[] {
  const paths = flags.live ?? [];
  if (paths.length === 0) return [];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { loadPaths }: typeof LoadModule = require('./load');
  return loadPaths(paths).filter((m) => !owned(m.object));
}

function owned(object: Record<string, unknown>): boolean {
  const refs = (object.metadata as Record<string, unknown> | undefined)?.ownerReferences;
  return Array.isArray(refs) && refs.length > 0;
}
