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
import { DEFAULT_KUBE_VERSION, KUBE_VERSIONS, kubeMinor } from '../argo/served-versions';
import type * as SyncOptionsModule from '../argo/sync-options';
import { TRACKING_METHODS } from '../argo/tracking';
import type { TrackingMethod } from '../argo/tracking';
import type { Manifest, PlanOptions } from '../argo/types';
import { ARGOCD_VERSIONS, LATEST_ARGOCD_VERSION, parseArgoCdVersion, sinceText } from '../argo/versions';
import type * as SyncOptionInvalidModule from '../rules/checks/sync-option-invalid';
import type * as SyncOptionUnknownModule from '../rules/checks/sync-option-unknown';

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
  if (version === undefined) throw new InvalidArgumentError(`expected a minor version from ${ARGOCD_VERSIONS.join(', ')} (its latest patch release) or a patch release such as 3.4.2`);
  return version;
}

/** `--argocd-version`, one parser for every command that models a version; `what` says what it changes there. */
export function addArgocdVersionOption(cmd: Command, what: string): Command {
  const help = `the Argo CD version to model, ${ARGOCD_VERSIONS[0]} to ${LATEST_ARGOCD_VERSION} (default: ${LATEST_ARGOCD_VERSION}): `
    + `a minor is its latest patch release, or name one (3.3.5); ${what}`;
  return cmd.option('--argocd-version <version>', help, parseArgocdVersionFlag);
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
  addArgocdVersionOption(cmd, 'see the README\'s fidelity section for what changes');
  cmd.option('--kube-version <version>', `the cluster's Kubernetes minor version, ${KUBE_VERSIONS[0]} to ${KUBE_VERSIONS[KUBE_VERSIONS.length - 1]} `
    + `(default: ${DEFAULT_KUBE_VERSION}): built-in apiVersions it no longer (or not yet) serves fail the sync`, parseKubeVersionFlag);
  if (live) {
    cmd.option('--live <path>', 'manifests in the cluster now (e.g. kubectl get -o json); those not in the input are pruned '
      + 'when tracked as the app\'s (see --tracking-method); objects with ownerReferences never are (repeatable)', collect);
    cmd.option('--app-name <name>', "the Application's instance name (<namespace>_<name> outside Argo CD's namespace): --live prunes only objects "
      + `whose tracking names it (default: any app); simulate --delete labels deletion hooks with it before Argo CD ${sinceText('deletionHookTrackedLabel')}`);
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
    // The CLI reads whole clusters (kubectl get -o json): only tracked objects are the app's. The
    // method also decides what a non-string annotation or label does, live objects or not.
    ...((flags.live ?? []).length > 0 || flags.trackingMethod !== undefined ? {
      tracking: {
        ...(flags.trackingMethod !== undefined ? { method: flags.trackingMethod } : {}),
        ...(flags.appName !== undefined ? { appName: flags.appName } : {}),
      },
    } : {}),
  };
}

/**
 * Refuses an option Argo CD would silently ignore at the Application level: unknown, mis-cased
 * (matching is exact), a value it does not act on, or one it reads from objects only. Judged by the
 * rules `lint` reports such options in manifests with (`sync-option-invalid`, `sync-option-unknown`).
 * @throws UsageError (exit status 2)
 */
export function checkAppSyncOption(option: string): void {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { checkOption }: typeof SyncOptionInvalidModule = require('../rules/checks/sync-option-invalid');
  const { unknownOption }: typeof SyncOptionUnknownModule = require('../rules/checks/sync-option-unknown');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const problem = checkOption(option, 'app') ?? unknownOption(option, 'app');
  if (problem) throw new UsageError(`--sync-option ${option}: not an Application sync option Argo CD acts on (${problem.why}); ${problem.fix}`);
}

/** The checked sync options, plus `extra` ones a command adds from its own flags. */
export function appSyncOptions(flags: AppFlags, extra: readonly string[] = []): string[] {
  const options = flags.syncOption ?? [];
  options.forEach(checkAppSyncOption);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ignoredAppOption }: typeof SyncOptionsModule = require('../argo/sync-options');
  for (const option of options) {
    const ignored = ignoredAppOption(option, flags.argocdVersion);
    if (ignored !== undefined) {
      throw new UsageError(`--sync-option ${option}: ${ignored.message}; annotate the objects instead, or model --argocd-version ${ignored.since} or later`);
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
