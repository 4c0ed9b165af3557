import { App, Chart, Duration, Lazy } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import { applicationOfChart, registerChart } from './application-registry';
import { checkSyncOptions, includeOf, syncPolicyOf } from './application-spec';
import { dependenciesOf, renderAgainForOutput } from './cdk8s-internals';
import { chartFiles } from './chart-files';
import { ensureHealthPatch, HEALTH_PATCH_FILE } from './health-patch';
import { HookJob } from './hook-job';
import { pathFor } from './names';
import { IOrderable } from './orderable';
import { SyncPlanner } from './planner';
import { projectPermissionErrors, renderedForCheck } from './project-permissions';
import { isValidating } from './synth-validation';
import { Tier } from './tier';
import { chartOf } from './units';
import { APPLICATION_HEALTH_LUA } from '../argo/application-health';
import * as argocd from '../imports/argoproj.io';

/**
 * Where an Application syncs to.
 */
export interface ArgoDestination {
  /**
   * The cluster's API server URL.
   *
   * @default 'https://kubernetes.default.svc' (the cluster Argo CD runs in) unless `name` is set
   */
  readonly server?: string;

  /**
   * The cluster's name in Argo CD, instead of `server`.
   *
   * @default - `server`
   */
  readonly name?: string;

  /**
   * The namespace objects without one are synced to.
   *
   * @default - none: every object must name its namespace
   */
  readonly namespace?: string;
}

/**
 * How a failed sync is retried (`spec.syncPolicy.retry`).
 */
export interface ArgoRetry {
  /**
   * Retries after the first failure; a negative number retries forever.
   *
   * @default 5
   */
  readonly limit?: number;

  /**
   * The delay before the first retry.
   *
   * @default Duration.seconds(5)
   */
  readonly backoffDuration?: Duration;

  /**
   * The factor each delay is multiplied by.
   *
   * @default 2
   */
  readonly backoffFactor?: number;

  /**
   * The longest delay.
   *
   * @default Duration.minutes(3)
   */
  readonly maxBackoffDuration?: Duration;
}

/**
 * When and how an Application syncs (`spec.syncPolicy`, without its sync options).
 */
export interface ArgoSyncPolicy {
  /**
   * Sync automatically whenever the source changes. A child the parent's waves order needs it: the
   * parent applies a child Application but never syncs it (rule `child-not-automated`, which the
   * synth prints). The parent then orders the changes it carries (the first rollout, a pinned
   * `targetRevision` it moves), not a new commit of a branch the child tracks (rule
   * `child-automated-sync`).
   *
   * @default false (someone, or a RollingSync, triggers each sync)
   */
  readonly automated?: boolean;

  /**
   * Delete live objects no longer in the source during automated syncs. Needs `automated`.
   *
   * @default false
   */
  readonly prune?: boolean;

  /**
   * Sync again when the live state drifts from the source. Needs `automated`.
   *
   * @default false
   */
  readonly selfHeal?: boolean;

  /**
   * Allow an automated sync that would delete every object. Needs `automated` and `prune`.
   *
   * @default false
   */
  readonly allowEmpty?: boolean;

  /**
   * Retry failed syncs.
   *
   * @default - Argo CD's default: no retry of manual syncs
   */
  readonly retry?: ArgoRetry;
}

/**
 * Options for an `ArgoApplication`.
 */
export interface ArgoApplicationProps {
  /**
   * The cdk8s charts whose synthesized files this Application syncs: its source reads exactly
   * their files (`directory.include`), named as `cdk8s synth` names them (with the `0000-` prefixes
   * cdk8s adds when charts depend on each other, the App's `outputFileExtension` and
   * `yamlOutputType`).
   *
   * @default - none: the whole folder at `path` is synced
   */
  readonly charts?: Chart[];

  /**
   * The Git repository the synthesized output is committed to.
   */
  readonly repoURL: string;

  /**
   * The Git revision (branch, tag or commit) to sync.
   *
   * @default 'HEAD'
   */
  readonly targetRevision?: string;

  /**
   * The folder inside the repository that holds the synthesized output (the App's outdir as
   * committed, e.g. `dist`).
   */
  readonly path: string;

  /**
   * Where the Application syncs to.
   *
   * @default - the cluster Argo CD runs in, no default namespace
   */
  readonly destination?: ArgoDestination;

  /**
   * The AppProject the Application belongs to. When the App holds that AppProject (an
   * `argocd.AppProject` or any ApiObject of kind AppProject), the synth fails on an object of
   * `charts` it does not permit, as Argo CD refuses the whole sync (rule `resource-not-permitted`):
   * a project without `clusterResourceWhitelist` permits no Namespace, CRD or ClusterRole.
   *
   * @default 'default'
   */
  readonly project?: string;

  /**
   * When and how it syncs.
   *
   * @default - manual sync, no retry
   */
  readonly syncPolicy?: ArgoSyncPolicy;

  /**
   * Application sync options (`Key=value`, e.g. `CreateNamespace=true`), checked as the
   * `sync-option-invalid` and `sync-option-unknown` rules check them: an option Argo CD would
   * ignore fails the synth.
   *
   * @default []
   */
  readonly syncOptions?: string[];

  /**
   * Applications of the same parent chart that must be Healthy and Synced before this one syncs.
   * The parent gets the fewest sync waves that honour them (as tiers do); they wait only with the
   * Application health check installed (see `ArgoApplication.HEALTH_PATCH_FILE`).
   *
   * @default - no ordering constraint
   */
  readonly after?: ArgoApplication[];

  /**
   * The Application's name.
   *
   * @default - the construct id
   */
  readonly name?: string;

  /**
   * The namespace the Application object lives in (Argo CD's own, or one of its
   * `application.namespaces`).
   *
   * @default 'argocd'
   */
  readonly namespace?: string;

  /**
   * Delete the Application's objects when the Application is deleted (the
   * `resources-finalizer.argocd.argoproj.io` finalizer).
   *
   * @default false (Argo CD's default: deleting the Application leaves its objects)
   */
  readonly cascadeDelete?: boolean;
}

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/**
 * An Argo CD Application, created in a parent (app-of-apps) chart, that syncs the synthesized files
 * of some cdk8s charts. Order Applications with `after`: the parent chart gets the fewest sync waves
 * that honour them, and the Application health check this library writes beside the output
 * (`ArgoApplication.HEALTH_PATCH_FILE`, applied once to `argocd-cm`) makes each wave wait until the
 * child is Healthy, Synced and done syncing.
 */
export class ArgoApplication extends Construct implements IOrderable {
  /**
   * The file written into the App's outdir beside the manifests: a merge patch of `argocd-cm` that
   * adds the Application health check (`kubectl -n argocd patch configmap argocd-cm --type merge
   * --patch-file <file>`). It holds Argo CD's skip-file-rendering marker, so no directory source
   * syncs it.
   */
  public static readonly HEALTH_PATCH_FILE: string = HEALTH_PATCH_FILE;

  /** Applications are Sync-phase units of their parent. */
  public readonly syncPhase: string = 'Sync';

  /** The Application's name. */
  public readonly name: string;

  /** The namespace the Application object lives in. */
  public readonly namespace: string;

  /** The AppProject it belongs to. */
  public readonly project: string;

  /** The charts it syncs. */
  public readonly charts: Chart[];

  /** The destination namespace, if any. */
  public readonly destinationNamespace?: string;

  /** True when it syncs automatically. */
  public readonly automated: boolean;

  /** The L1 Application. */
  public readonly resource: argocd.Application;

  /** The parent (app-of-apps) chart this Application is created in. */
  public readonly parentChart: Chart;

  private readonly _after: ArgoApplication[] = [];

  constructor(scope: Construct, id: string, props: ArgoApplicationProps) {
    const where = `ArgoApplication ${pathFor(scope, id)}`;
    const name = props.name ?? id;
    if (!DNS_SUBDOMAIN.test(name) || name.length > 253) {
      throw new Error(`${where}: name ${JSON.stringify(name)} is not a valid Application name (a DNS subdomain: lowercase letters, digits, "-" and "."); pass \`name\``);
    }
    checkSyncOptions(where, props.syncOptions ?? []);
    const policy = syncPolicyOf(where, props.syncPolicy, props.syncOptions ?? []);
    super(scope, id);
    const parent = Chart.of(this);
    this.charts = [...(props.charts ?? [])];
    for (const c of this.charts) {
      if (c === parent || this.node.scopes.includes(c)) {
        throw new Error(`${where}: chart ${c.node.path} holds this Application; an Application cannot sync its own parent, so pass the child charts only`);
      }
      if (App.of(c) !== App.of(this)) throw new Error(`${where}: chart ${c.node.path} is in another App; pass charts of the App this Application is synthesized with`);
    }
    this.parentChart = parent;
    for (const c of this.charts) registerChart(c, this);
    // The charts of one Application are planned as one (SyncPlanner): each needs its planner.
    if (this.charts.length > 1) for (const c of this.charts) SyncPlanner.of(c).changed([]);
    this.name = name;
    this.namespace = props.namespace ?? 'argocd';
    this.project = props.project ?? 'default';
    this.destinationNamespace = props.destination?.namespace;
    this.automated = props.syncPolicy?.automated ?? false;
    const charts = this.charts;
    const directory = charts.length === 0 ? undefined : {
      // Read at synth: cdk8s names files only once it knows which charts depend on each other.
      include: Lazy.any({ produce: () => includeOf(chartFiles(charts, where).patterns) }) as unknown as string,
      recurse: Lazy.any({ produce: () => (chartFiles(charts, where).recurse ? true : undefined) }) as unknown as boolean,
    };
    const app = App.of(this);
    this.resource = new argocd.Application(this, 'Resource', {
      metadata: {
        name,
        namespace: this.namespace,
        finalizers: props.cascadeDelete ? ['resources-finalizer.argocd.argoproj.io'] : undefined,
      },
      spec: {
        // The health patch is written when cdk8s renders the parent for its output (after every
        // validation of the app passed, beside its files), never by the read-back's render.
        project: Lazy.any({
          produce: () => {
            if (!isValidating()) ensureHealthPatch(app, this.namespace);
            return this.project;
          },
        }) as unknown as string,
        source: { repoUrl: props.repoURL, targetRevision: props.targetRevision ?? 'HEAD', path: props.path, directory },
        destination: {
          server: props.destination?.name === undefined ? props.destination?.server ?? 'https://kubernetes.default.svc' : props.destination?.server,
          name: props.destination?.name,
          namespace: props.destination?.namespace,
        },
        syncPolicy: policy,
      },
    });
    renderAgainForOutput(this.resource);
    // The parent's output carries the health patch, so the rule pack at synth reads it as installed.
    SyncPlanner.of(this).assumeArgocdCm({ applicationHealth: APPLICATION_HEALTH_LUA });
    SyncPlanner.of(this).register({
      construct: this,
      phase: 'Sync',
      // A child Application is a unit with a health check (the one this library installs): always a wave of its own.
      separateWave: true,
      after: () => [...new Set([...this._after, ...this.lifted()])],
      members: () => [this.resource],
    });
    this.addAfter(...(props.after ?? []));
    // Argo CD refuses a sync whose objects the AppProject does not permit: checked when the App holds it.
    const checked = { construct: this, label: `ArgoApplication ${this.node.path}`, charts: this.charts, project: this.project, application: () => renderedForCheck(this.resource) };
    this.node.addValidation({ validate: () => projectPermissionErrors(checked) });
  }

  /** Make this Application wait for more Applications of the same parent (same as `after`). */
  public addAfter(...apps: ArgoApplication[]): ArgoApplication {
    for (const a of apps) {
      if (a === this) throw new Error(`ArgoApplication ${this.node.path}: cannot be after itself`);
      if (Chart.of(a) !== Chart.of(this)) {
        throw new Error(`ArgoApplication ${this.node.path}: ${a.node.path} is in another parent chart; sync waves order the Applications of one parent only, so create both in the same app-of-apps chart`);
      }
      if (!this._after.includes(a)) this._after.push(a);
    }
    SyncPlanner.of(this).changed([]);
    return this;
  }

  /** The Applications this one waits for: `after`, and those lifted from `node.addDependency` and tiers' or hooks' `after` between their charts. */
  public get after(): ArgoApplication[] {
    return [...new Set([...this._after, ...this.lifted()])];
  }

  /**
   * Applications of the same parent whose charts' objects this Application's charts' objects depend
   * on (`node.addDependency`, cdk8s chart dependencies included, and a `Tier` or hook `after` a unit
   * of their charts): intent waves cannot carry across charts, so it becomes application order.
   */
  private lifted(): ArgoApplication[] {
    const found = new Set<ArgoApplication>();
    const mine = new Set(this.charts.map(c => c.node.path));
    // Answered per chart, not per dependency: once cdk8s has rendered, two charts one after the
    // other hold N² dependencies (every object of the one on every object of the other).
    const appOfChart = new Map<Chart, ArgoApplication | undefined>();
    const look = (d: IConstruct) => {
      const other = chartOf(d);
      if (!other) return;
      let app = appOfChart.get(other);
      if (app === undefined && !appOfChart.has(other)) {
        const registered = mine.has(other.node.path) ? undefined : applicationOfChart(other, other.node.path);
        app = registered instanceof ArgoApplication && registered !== this && registered.parentChart === this.parentChart ? registered : undefined;
        appOfChart.set(other, app);
      }
      if (app) found.add(app);
    };
    for (const chart of this.charts) {
      for (const c of chart.node.findAll()) {
        for (const d of dependenciesOf(c)) look(d);
        if (c instanceof Tier || c instanceof HookJob) for (const d of c.after) look(d);
      }
    }
    return [...found];
  }
}

