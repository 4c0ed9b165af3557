/**
 * The shared vocabulary of the Argo CD model. Everything in `src/argo` is pure TypeScript with no
 * cdk8s import: it reads manifests the way Argo CD's gitops-engine does (`pkg/sync`).
 *
 * These types are internal (not part of the jsii API) so they may use unions freely.
 */

/** Where a manifest came from, for messages: a file and 1-based line, or a construct path. */
export interface SourceLocation {
  /** File path as given by the user, or `<stdin>`, or a construct path for synthesized objects. */
  readonly file: string;
  /** 1-based line of the document's first line; 0 when unknown (in-memory objects). */
  readonly line: number;
  /** 0-based index of the document in its file. */
  readonly index: number;
  /** 1-based line of a field inside the document, by path (e.g. ['metadata','annotations','x']). */
  readonly lineOf?: (path: ReadonlyArray<string | number>) => number | undefined;
}

/** One Kubernetes object as read from YAML or rendered by cdk8s. */
export interface Manifest {
  /** The parsed document, untouched. */
  readonly object: Record<string, unknown>;
  readonly source: SourceLocation;
}

export type SyncPhase = 'PreSync' | 'Sync' | 'PostSync' | 'SyncFail';
/** Every value Argo CD recognises in `argocd.argoproj.io/hook` (engine + controller). */
export type HookType = SyncPhase | 'Skip' | 'PreDelete' | 'PostDelete';
export type DeletePolicy = 'BeforeHookCreation' | 'HookSucceeded' | 'HookFailed';

/** Identity of an object the way Argo CD prints it: group/kind/namespace/name. */
export interface ResourceKey {
  readonly apiVersion: string;
  /** API group ('' for the core group). */
  readonly group: string;
  readonly kind: string;
  readonly name: string;
  /** Namespace after Argo CD fills in the destination namespace ('' when none). */
  readonly namespace: string;
}

/** One unit of work in a sync, as gitops-engine's `syncTask`. */
export interface SyncTask extends ResourceKey {
  readonly phase: SyncPhase;
  /** Effective wave: after prune mirroring, PruneLast and Namespace/CRD hoisting. */
  readonly wave: number;
  /** Wave as read from the annotations (sync-wave, else helm.sh/hook-weight, else 0). */
  readonly annotatedWave: number;
  /** Phase as read from the annotations, before hoisting moved the task. */
  readonly annotatedPhase: SyncPhase;
  readonly action: 'apply' | 'prune';
  readonly hook: boolean;
  /** Delete policies of a hook (default BeforeHookCreation); empty for non-hooks. */
  readonly deletePolicies: readonly DeletePolicy[];
  /** True when Namespace/CRD hoisting moved this task (its phase/wave were overwritten). */
  readonly hoisted: boolean;
  /** The target object (apply) or the live object (prune). */
  readonly manifest: Manifest;
  /**
   * A prune task's `Prune=false` (skipped, "ignored (no prune)") or `Prune=confirm` (its step waits
   * for approval), from the live object or, since Argo CD 3.4, the Application (`prune-option.ts`).
   * @default undefined: pruned
   */
  readonly pruneOption?: 'false' | 'confirm';
}

/** How Argo CD waits after a step is applied, before the next step starts. */
export type StepGate =
  /** Every task must be done (Healthy / no health check / hook finished). */
  | 'all'
  /** Only hooks are awaited (single-step syncs). */
  | 'hooks'
  /** Nothing is awaited: the sync moves on (or ends) right after apply. */
  | 'none';

/** One (phase, wave) group of tasks, applied together. */
export interface SyncStep {
  readonly phase: SyncPhase;
  readonly wave: number;
  /** In the order Argo CD applies them. */
  readonly tasks: readonly SyncTask[];
  readonly gate: StepGate;
}

/** An object that is in the input but not in the sync, and why. */
export interface ExcludedObject extends ResourceKey {
  readonly reason: string;
  readonly manifest: Manifest;
  /** A repeated definition: the later one Argo CD keeps instead (`NormalizeTargetObjects`). */
  readonly keptInstead?: Manifest;
}

/** A problem Argo CD itself would fail on (validation or apply error). */
export interface PlanError {
  readonly kind: string;
  readonly name: string;
  readonly message: string;
  readonly source: SourceLocation;
}

export interface SyncPlan {
  /**
   * Steps of every call of the sync after the first. The `CreateNamespace=true` task without
   * managed metadata is not among them: it exists in the first call only (see `createNamespace`).
   */
  readonly steps: readonly SyncStep[];
  /** SyncFail hooks: run all at once when the sync fails, waves ignored. */
  readonly syncFail: readonly SyncTask[];
  readonly excluded: readonly ExcludedObject[];
  readonly errors: readonly PlanError[];
  /**
   * The destination Namespace that `CreateNamespace=true` adds while it is missing, when the
   * namespace is not managed (`managedNamespaceMetadata`): a task of the first call only, at its
   * sorted place (phase, wave). Undefined otherwise (managed: it is a task of `steps`).
   */
  readonly createNamespace?: SyncTask;
  /**
   * The task `createNamespace` sorts right before in the first call's list, or undefined when it
   * sorts last. Its place is not its (phase, wave) alone: hoisted, it sits right before the first
   * object in the namespace, after a same-wave Namespace manifest of that name (`adjustDeps`).
   */
  readonly createNamespaceBefore?: SyncTask;
  /**
   * The task of `steps` (or `syncFail`) that Argo CD 3.1+ applies before the dry run on a sync where
   * the destination namespace has no live object (`create-namespace.ts` `namespaceCreationTask`): a
   * Namespace manifest named like the destination, or the managed `CreateNamespace=true` task. On
   * that sync its step has nothing of it left to do (a step of it alone is no step); every later
   * sync applies it in its step. Undefined otherwise, and when the task is `createNamespace`.
   */
  readonly createdBeforeDryRun?: SyncTask;
  /** The Application's destination namespace ('' when none). @default '' */
  readonly destinationNamespace?: string;
}

export interface PlanOptions {
  /** The Application's destination namespace, filled into objects without one. @default '' */
  readonly namespace?: string;
  /** Synced revision, names generateName hooks. @default '0000000' */
  readonly revision?: string;
  /** Operation start, unix seconds, names generateName hooks. @default 0 */
  readonly startedAt?: number;
  /** Selective sync / self-heal / apply strategy: every hook is dropped. @default false */
  readonly skipHooks?: boolean;
  /**
   * Selective sync (`--resource`): only these objects are applied or pruned, and hooks are
   * skipped (see `selective-sync.ts`). @default every object
   */
  readonly resources?: readonly SelectedResource[];
  /** Objects live in the cluster now; those not in the target become prune tasks. @default [] */
  readonly live?: readonly Manifest[];
  /** The Application's `spec.syncPolicy.syncOptions` (e.g. `PruneLast=true`). @default [] */
  readonly syncOptions?: readonly string[];
  /**
   * `spec.syncPolicy.managedNamespaceMetadata` is set: with `CreateNamespace=true` the Namespace
   * task is added on every call, not only while the namespace is missing. @default false
   */
  readonly managedNamespaceMetadata?: boolean;
  /**
   * Prune only live objects tracked as the app's (see `tracking.ts`); undefined: every live object
   * given is the app's. @default undefined
   */
  readonly tracking?: TrackingOptions;
  /** The Argo CD minor version modelled, e.g. `3.4` (see `versions.ts`). @default the latest modelled */
  readonly argocdVersion?: string;
  /** The cluster's Kubernetes minor version, e.g. `1.31` (which built-in API versions it serves). @default DEFAULT_KUBE_VERSION */
  readonly kubeVersion?: string;
}

/** One `syncOperation.resources` entry of a selective sync (src/argo/selective-sync.ts); no namespace matches every namespace. */
export interface SelectedResource {
  readonly group: string;
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
}

/** How Argo CD tells which live objects are the application's (argocd-cm `application.resourceTrackingMethod`; src/argo/tracking.ts). */
export type TrackingMethod = 'annotation' | 'label' | 'annotation+label';

export interface TrackingOptions {
  /** `application.resourceTrackingMethod` of argocd-cm. @default `defaultTrackingMethod(version)` */
  readonly method?: TrackingMethod;
  /** The Application's name; without it any app's tracking counts. @default any */
  readonly appName?: string;
}
