import { ApiObject, Duration } from 'cdk8s';
import { Construct } from 'constructs';
import { ContainerResources } from './container-resources';
import { EnvReference, EnvSource } from './env-reference';
import { HookDeletePolicy, HookPhase } from './hook-phase';
import { resourcesOf } from './job-resources';
import { checkHookNames, isDnsLabel, wholeSeconds } from './names';
import { IOrderable } from './orderable';
import { SyncPlanner } from './planner';
import { ANNOTATION_HOOK, ANNOTATION_HOOK_DELETE_POLICY } from '../argo/annotations';

/**
 * Options every hook Job shares, ordering aside (a `SyncFailHook` has none: Argo CD starts every
 * SyncFail hook at once). Secure by default: non-root, read-only root filesystem, no privilege
 * escalation, all capabilities dropped, RuntimeDefault seccomp, resource requests and limits, no
 * service-account token, and a deadline so a hook can never hang a sync.
 */
export interface HookJobBaseOptions {
  /**
   * `metadata.name` of the Job. The name is fixed across syncs, which is why the default delete
   * policy includes `BeforeHookCreation`.
   *
   * @default - a name cdk8s generates from the construct path
   */
  readonly name?: string;

  /**
   * Extra arguments for the container.
   *
   * @default - none
   */
  readonly args?: string[];

  /**
   * Environment variables, each by reference to a Secret or ConfigMap key.
   *
   * @default - none
   */
  readonly env?: EnvReference[];

  /**
   * Whole Secrets or ConfigMaps as environment variables.
   *
   * @default - none
   */
  readonly envFrom?: EnvSource[];

  /**
   * CPU and memory requests and limits of each container.
   *
   * @default - cpu 100m request / 500m limit, memory 128Mi request / 256Mi limit
   */
  readonly resources?: ContainerResources;

  /**
   * How long the Job may run before Kubernetes fails it (`activeDeadlineSeconds`), so a hung hook
   * fails the sync instead of hanging it forever.
   *
   * @default - depends on the hook (MigrationHook 10 minutes, SyncFailHook 5 minutes)
   */
  readonly activeDeadline?: Duration;

  /**
   * Retries of a failed Pod (`backoffLimit`).
   *
   * @default 0
   */
  readonly backoffLimit?: number;

  /**
   * When Argo CD deletes the Job.
   *
   * @default - depends on the hook
   */
  readonly deletePolicies?: HookDeletePolicy[];

  /**
   * Service account of the Pod.
   *
   * @default - the namespace's default service account
   */
  readonly serviceAccountName?: string;

  /**
   * Mount the service-account token (only if the hook talks to the Kubernetes API).
   *
   * @default false
   */
  readonly automountServiceAccountToken?: boolean;

  /**
   * User and group id the containers run as (never root).
   *
   * @default 65532
   */
  readonly runAsUser?: number;

  /**
   * Mount an emptyDir at `/tmp`, the one writable place on the read-only root filesystem.
   *
   * @default true
   */
  readonly writableTmp?: boolean;

  /**
   * Namespace of the Job.
   *
   * @default - the chart's namespace
   */
  readonly namespace?: string;
}

/**
 * Options of a hook Job that can be ordered after other units.
 */
export interface HookJobOptions extends HookJobBaseOptions {
  /**
   * Units this hook waits for. Hooks of the same phase get waves inside that phase; an order that
   * can never hold (a PreSync hook after a Sync tier) fails the synth.
   *
   * @default - no ordering constraint
   */
  readonly after?: IOrderable[];
}

/**
 * A command run to completion before the hook's main container (an init container).
 */
export interface HookStep {
  /** Container name (a DNS label). */
  readonly name: string;
  /** The command; it must exit 0 for the hook to go on. */
  readonly command: string[];
}

/**
 * Properties of a `HookJob`.
 */
export interface HookJobProps extends HookJobOptions {
  /** The phase the hook runs in. */
  readonly phase: HookPhase;

  /** Container image. */
  readonly image: string;

  /**
   * Entrypoint of the container.
   *
   * @default - the image's entrypoint
   */
  readonly command?: string[];

  /**
   * Name of the main container.
   *
   * @default - the construct id, as a DNS label
   */
  readonly containerName?: string;

  /**
   * Steps run one after another as init containers before the main container; each must exit 0.
   *
   * @default - none
   */
  readonly initSteps?: HookStep[];

  /**
   * Delete policies used when `deletePolicies` is not set.
   *
   * @default [BEFORE_HOOK_CREATION]
   */
  readonly defaultDeletePolicies?: HookDeletePolicy[];

  /**
   * Deadline used when `activeDeadline` is not set.
   *
   * @default Duration.minutes(5)
   */
  readonly defaultActiveDeadline?: Duration;
}

/**
 * An Argo CD hook that runs a Kubernetes Job, secure by default. `MigrationHook`, `SmokeTest` and
 * `SyncFailHook` are thin variants; use this directly for any other hook.
 */
export class HookJob extends Construct implements IOrderable {
  /** The Argo CD phase this hook runs in. */
  public readonly syncPhase: string;

  /** The Job (child id `Resource`, kind `batch/v1` Job). */
  public readonly apiObject: ApiObject;

  private readonly _after: IOrderable[];

  constructor(scope: Construct, id: string, props: HookJobProps) {
    super(scope, id);
    // Find the chart's planner before building the Job, so a hook outside a chart says so first.
    const planner = SyncPlanner.of(this);
    this.syncPhase = props.phase;
    const where = `${this.constructor.name} ${this.node.path}`;
    if (props.phase === HookPhase.SYNC_FAIL && (props.after?.length ?? 0) > 0) throw new Error(syncFailAfter(where));
    this._after = [...(props.after ?? [])];
    checkHookNames(where, props);

    const backoffLimit = props.backoffLimit ?? 0;
    if (!Number.isSafeInteger(backoffLimit) || backoffLimit < 0) {
      throw new Error(`${where}: backoffLimit must be a non-negative integer, got ${backoffLimit}`);
    }
    const deadline = wholeSeconds(where, 'activeDeadline', props.activeDeadline ?? props.defaultActiveDeadline ?? Duration.minutes(5), 1);
    const uid = props.runAsUser ?? 65532;
    if (!Number.isSafeInteger(uid) || uid <= 0) {
      throw new Error(`${where}: runAsUser must be a positive integer (hooks never run as root), got ${uid}`);
    }
    const policies = props.deletePolicies ?? props.defaultDeletePolicies ?? [HookDeletePolicy.BEFORE_HOOK_CREATION];
    if (policies.length === 0) throw new Error(`${where}: deletePolicies is empty; omit it for the default`);
    const writableTmp = props.writableTmp ?? true;

    const container = (name: string, command: string[] | undefined, args: string[] | undefined) => ({
      name,
      image: props.image,
      command,
      args,
      env: props.env?.map((e) => e._toKube()),
      envFrom: props.envFrom?.map((e) => e._toKube()),
      resources: resourcesOf(props.resources),
      securityContext: {
        allowPrivilegeEscalation: false,
        privileged: false,
        readOnlyRootFilesystem: true,
        runAsNonRoot: true,
        capabilities: { drop: ['ALL'] },
      },
      volumeMounts: writableTmp ? [{ name: 'tmp', mountPath: '/tmp' }] : undefined,
    });

    const initSteps = props.initSteps ?? [];
    const mainName = props.containerName ?? (id.toLowerCase().replace(/[^a-z0-9-]/g, '-').replace(/^-+|-+$/g, '') || 'hook');
    for (const n of [mainName, ...initSteps.map((st) => st.name)]) {
      if (!isDnsLabel(n)) throw new Error(`${where}: container name "${n}" is not a DNS label`);
    }
    this.apiObject = new ApiObject(this, 'Resource', {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: {
        // Spread so an absent name keeps cdk8s's generated one (an explicit undefined would erase it).
        ...(props.name !== undefined ? { name: props.name } : {}),
        ...(props.namespace !== undefined ? { namespace: props.namespace } : {}),
        annotations: {
          [ANNOTATION_HOOK]: props.phase,
          [ANNOTATION_HOOK_DELETE_POLICY]: [...new Set(policies)].join(','),
        },
      },
      spec: {
        backoffLimit,
        activeDeadlineSeconds: deadline,
        template: {
          spec: {
            restartPolicy: 'Never',
            automountServiceAccountToken: props.automountServiceAccountToken ?? false,
            serviceAccountName: props.serviceAccountName,
            securityContext: {
              runAsNonRoot: true,
              runAsUser: uid,
              runAsGroup: uid,
              seccompProfile: { type: 'RuntimeDefault' },
            },
            initContainers: initSteps.length > 0 ? initSteps.map((st) => container(st.name, st.command, undefined)) : undefined,
            containers: [container(mainName, props.command, props.args)],
            volumes: writableTmp ? [{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }] : undefined,
          },
        },
      },
    });

    planner.register({
      construct: this,
      phase: props.phase,
      after: () => this._after,
      members: () => [this],
    });
  }

  /**
   * Make this hook wait for more units (same as the `after` prop).
   */
  public addAfter(...units: IOrderable[]): HookJob {
    if (this.syncPhase === HookPhase.SYNC_FAIL && units.length > 0) throw new Error(syncFailAfter(`${this.constructor.name} ${this.node.path}`));
    for (const u of units) if (!this._after.includes(u)) this._after.push(u);
    SyncPlanner.of(this).changed([]);
    return this;
  }

  /** The units this hook waits for. */
  public get after(): IOrderable[] {
    return [...this._after];
  }
}

function syncFailAfter(where: string): string {
  return `${where}: \`after\` is not supported: Argo CD starts every SyncFail hook at once when a sync fails, with waves ignored, so it orders nothing; remove it`;
}
