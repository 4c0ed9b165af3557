import { Chart, Lazy } from 'cdk8s';
import { Construct } from 'constructs';
import { checkSyncOptions, includeOf, retryOf } from './application-spec';
import { ArgoDestination, ArgoRetry } from './argo-application';
import { chartFiles } from './chart-files';
import { pathFor } from './names';
import { projectPermissionErrors, renderedForCheck } from './project-permissions';
import { currentJob } from './sync-job';
import { listGeneratedApplications } from '../argo/progressive-sync';
import * as argocd from '../imports/argoproj.io';
import { layer } from '../plan';

/** The label RollingSync steps select generated Applications by. */
const STEP_LABEL = 'syncplan.cdk8s.io/rollout-step';

/**
 * How many Applications of one RollingSync step sync at once (`maxUpdate`): a count or a percentage,
 * never a quoted number (Argo CD reads `"2"` as 1, with an InvalidRolloutConfig condition).
 */
export class MaxUpdate {
  /** At most `count` Applications at once (0: the step waits for a manual sync). */
  public static count(count: number): MaxUpdate {
    if (!Number.isSafeInteger(count) || count < 0) throw new Error(`MaxUpdate.count: a whole number of at least 0, got ${count}`);
    return new MaxUpdate(count);
  }

  /** At most `percent` % of the step's Applications at once (rounded down, at least 1 when above 0). */
  public static percent(percent: number): MaxUpdate {
    if (!Number.isSafeInteger(percent) || percent < 0 || percent > 100) throw new Error(`MaxUpdate.percent: a whole number from 0 to 100, got ${percent}`);
    return new MaxUpdate(`${percent}%`);
  }

  private constructor(private readonly value: number | string) {}

  /** The IntOrString Argo CD reads. @internal */
  public _l1(): argocd.ApplicationSetSpecStrategyRollingSyncStepsMaxUpdate {
    return typeof this.value === 'number'
      ? argocd.ApplicationSetSpecStrategyRollingSyncStepsMaxUpdate.fromNumber(this.value)
      : argocd.ApplicationSetSpecStrategyRollingSyncStepsMaxUpdate.fromString(this.value);
  }
}

/**
 * Options for an `ArgoApplicationSet`.
 */
export interface ArgoApplicationSetProps {
  /** The Git repository the synthesized output is committed to. */
  readonly repoURL: string;

  /**
   * The Git revision to sync.
   *
   * @default 'HEAD'
   */
  readonly targetRevision?: string;

  /** The folder inside the repository that holds the synthesized output. */
  readonly path: string;

  /**
   * The cluster every generated Application syncs to (each member names its namespace).
   *
   * @default - the cluster Argo CD runs in
   */
  readonly destination?: ArgoDestination;

  /**
   * The AppProject of the generated Applications. When the App holds that AppProject, the synth
   * fails on an object of a member's charts it does not permit, as for an `ArgoApplication` (rule
   * `resource-not-permitted`).
   *
   * @default 'default'
   */
  readonly project?: string;

  /**
   * Delete objects no longer in the source during the syncs RollingSync triggers (Argo CD reads
   * the template's `automated.prune`; RollingSync turns automated sync itself off).
   *
   * @default false
   */
  readonly prune?: boolean;

  /**
   * Retry failed syncs.
   *
   * @default - Argo CD's default for syncs RollingSync triggers (5 retries)
   */
  readonly retry?: ArgoRetry;

  /**
   * Application sync options of the generated Applications, checked as the sync-option rules check them.
   *
   * @default []
   */
  readonly syncOptions?: string[];

  /**
   * How many Applications of each step sync at once.
   *
   * @default - all of the step's Applications
   */
  readonly maxUpdate?: MaxUpdate;

  /**
   * Delete the generated Applications in reverse step order when they are removed (`deletionOrder: Reverse`).
   *
   * @default false (all at once)
   */
  readonly reverseDeletion?: boolean;

  /**
   * The ApplicationSet's name.
   *
   * @default - the construct id
   */
  readonly name?: string;

  /**
   * The namespace the ApplicationSet lives in.
   *
   * @default 'argocd'
   */
  readonly namespace?: string;
}

/**
 * Options for one Application an `ArgoApplicationSet` generates.
 */
export interface ArgoApplicationSetMemberOptions {
  /** The cdk8s charts whose synthesized files this Application syncs. */
  readonly charts: Chart[];

  /**
   * The namespace objects without one are synced to.
   *
   * @default - none
   */
  readonly destinationNamespace?: string;

  /**
   * Applications of the same set that must be Healthy before this one syncs: it gets a later RollingSync step.
   *
   * @default - the first step
   */
  readonly after?: ArgoApplicationSetMember[];
}

/**
 * One Application an `ArgoApplicationSet` generates (an element of its list generator).
 */
export class ArgoApplicationSetMember extends Construct {
  /** The generated Application's name. */
  public readonly name: string;
  /** The charts it syncs. */
  public readonly charts: Chart[];
  /** The Applications it waits for. */
  public readonly after: ArgoApplicationSetMember[];
  /** The destination namespace, if any. */
  public readonly destinationNamespace?: string;

  constructor(scope: ArgoApplicationSet, id: string, options: ArgoApplicationSetMemberOptions) {
    super(scope, id);
    this.name = id;
    this.charts = [...options.charts];
    this.after = [...(options.after ?? [])];
    this.destinationNamespace = options.destinationNamespace;
    for (const a of this.after) {
      if (a.node.scope !== scope) throw new Error(`ArgoApplicationSetMember ${this.node.path}: ${a.node.path} is in another ApplicationSet; RollingSync orders the Applications of one set only`);
    }
  }
}

/**
 * An ApplicationSet that generates one Application per member and rolls them out with Argo CD's
 * progressive sync (`RollingSync`): the steps are the fewest that honour every member's `after`
 * (the layering that gives tiers their waves), each selecting its Applications by the label
 * `syncplan.cdk8s.io/rollout-step`. Argo CD's ApplicationSet controller must have progressive
 * syncs enabled (`applicationsetcontroller.enable.progressive.syncs: "true"` in
 * `argocd-cmd-params-cm`), and RollingSync turns automated sync off on the generated Applications:
 * it triggers their syncs itself, step by step.
 */
export class ArgoApplicationSet extends Construct {
  /** The L1 ApplicationSet. */
  public readonly resource: argocd.ApplicationSet;

  private readonly members: ArgoApplicationSetMember[] = [];
  private readonly elements: Array<Record<string, string>> = [];
  private readonly rolloutSteps: argocd.ApplicationSetSpecStrategyRollingSyncSteps[] = [];
  private readonly where: string;
  private readonly maxUpdate?: MaxUpdate;
  private readonly project: string;
  /** The Applications the list generator makes, rendered in one synchronous job (`sync-job.ts`). */
  private generatedIn?: { readonly job: number; readonly apps: ReadonlyMap<string, Record<string, unknown>> };

  constructor(scope: Construct, id: string, props: ArgoApplicationSetProps) {
    const where = `ArgoApplicationSet ${pathFor(scope, id)}`;
    checkSyncOptions(where, props.syncOptions ?? []);
    const retry = props.retry ? retryOf(where, props.retry) : undefined;
    super(scope, id);
    const options = props.syncOptions ?? [];
    this.where = where;
    this.maxUpdate = props.maxUpdate;
    this.project = props.project ?? 'default';
    const recurse = Lazy.any({
      produce: () => (this.members.some(m => chartFiles(m.charts, `${where} member ${m.name}`).recurse) ? true : undefined),
    }) as unknown as boolean;
    this.resource = new argocd.ApplicationSet(this, 'Resource', {
      metadata: { name: props.name ?? id, namespace: props.namespace ?? 'argocd' },
      spec: {
        // Filled in place by addApplication: the L1 renders its props at synth.
        generators: [{ list: { elements: this.elements } }],
        template: {
          metadata: { name: '{{name}}', labels: { [STEP_LABEL]: '{{step}}' } },
          spec: {
            project: this.project,
            source: { repoUrl: props.repoURL, targetRevision: props.targetRevision ?? 'HEAD', path: props.path, directory: { include: '{{include}}', recurse } },
            destination: {
              server: props.destination?.name === undefined ? props.destination?.server ?? 'https://kubernetes.default.svc' : props.destination?.server,
              name: props.destination?.name,
              namespace: '{{namespace}}',
            },
            syncPolicy: props.prune || retry || options.length > 0 ? {
              automated: props.prune ? { prune: true } : undefined,
              syncOptions: options.length > 0 ? [...options] : undefined,
              retry,
            } : undefined,
          },
        },
        strategy: {
          type: 'RollingSync',
          deletionOrder: props.reverseDeletion ? 'Reverse' : undefined,
          rollingSync: { steps: this.rolloutSteps },
        },
      },
    });
  }

  /** Add an Application the set generates; `id` is its name. */
  public addApplication(id: string, options: ArgoApplicationSetMemberOptions): ArgoApplicationSetMember {
    if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(id)) {
      throw new Error(`${this.where}: member ${JSON.stringify(id)} is not a valid Application name (a DNS label)`);
    }
    if (this.members.some(m => m.name === id)) throw new Error(`${this.where}: member ${id} is added twice`);
    const m = new ArgoApplicationSetMember(this, id, options);
    this.members.push(m);
    // Argo CD refuses a generated Application's sync whose objects its AppProject does not permit,
    // as an ArgoApplication's: checked when the App holds the AppProject.
    const project = this.project;
    m.node.addValidation({
      validate: () => projectPermissionErrors({ construct: m, label: `${this.where} member ${id}`, charts: m.charts, project, application: () => this.generated(id) }),
    });
    const charts = m.charts;
    this.elements.push({
      name: id,
      namespace: m.destinationNamespace ?? '',
      // Read at synth: cdk8s names files only once it knows which charts depend on each other.
      include: Lazy.any({ produce: () => includeOf(chartFiles(charts, `${this.where} member ${id}`).patterns) ?? '*' }) as unknown as string,
      step: '0',
    });
    // `after` is fixed at add time, so the steps are known now: recomputed in place.
    const steps = this.steps();
    this.elements.forEach(e => { e.step = String(steps.get(e.name)); });
    const count = Math.max(...steps.values()) + 1;
    this.rolloutSteps.length = 0;
    for (let step = 0; step < count; step++) {
      this.rolloutSteps.push({ matchExpressions: [{ key: STEP_LABEL, operator: 'In', values: [String(step)] }], maxUpdate: this.maxUpdate?._l1() });
    }
    return m;
  }

  /** The RollingSync step of a member (0-based): the fewest steps that honour every `after`. */
  public stepOf(member: ArgoApplicationSetMember): number {
    const step = this.steps().get(member.name);
    if (step === undefined || !this.members.includes(member)) throw new Error(`${this.where}: ${member.node.path} is not a member`);
    return step;
  }

  /**
   * The Application the set generates for member `name`, as Argo CD's list generator renders the
   * template (`listGeneratedApplications`, as `syncplan lint` reads the synthesized set); rendered
   * once per synchronous job for all members.
   */
  private generated(name: string): Record<string, unknown> {
    const job = currentJob();
    if (this.generatedIn?.job !== job) {
      const apps = listGeneratedApplications(renderedForCheck(this.resource)) ?? [];
      this.generatedIn = { job, apps: new Map(apps.map((a) => [String((a.metadata as { name?: unknown } | undefined)?.name), a])) };
    }
    const app = this.generatedIn.apps.get(name);
    if (!app) throw new Error(`${this.where}: member ${name} is not generated by its list generator`);
    return app;
  }

  private steps(): Map<string, number> {
    return layer(this.members.map(m => ({ id: m.name })), this.members.flatMap(m => m.after.map(a => ({ before: a.name, after: m.name }))),
      id => `${this.where} member ${id}`);
  }
}
