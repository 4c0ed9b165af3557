import { Construct, IConstruct } from 'constructs';
import { HookPhase } from './hook-phase';
import { IOrderable } from './orderable';
import { SyncPlanner } from './planner';

/**
 * Options for a `Tier`.
 */
export interface TierProps {
  /**
   * Units this tier must wait for: they are applied, and Healthy, before this tier starts.
   * Tiers and Sync-phase units get earlier waves; PreSync hooks hold by phase.
   *
   * @default - no ordering constraint
   */
  readonly after?: IOrderable[];

  /**
   * Pin this tier to a fixed sync wave instead of computing one. A pin that contradicts `after`
   * (or another pin) fails the synth, naming both.
   *
   * @default - the lowest wave after every tier it waits for (longest-path layering)
   */
  readonly wave?: number;

  /**
   * Always wait in a later wave than everything this tier waits for (`after`, `node.addDependency`), even
   * where one wave would do: see when it does in docs/argo-cd-model.md#same-wave.
   *
   * @default false
   */
  readonly separateWave?: boolean;

  /**
   * The phase the tier's members are applied in. `HookPhase.PRE_SYNC` for what a PreSync hook
   * needs (the ConfigMap, Secret or ServiceAccount a `MigrationHook` reads, which a Sync tier would
   * create only after it): every member object becomes a PreSync hook, applied before the hooks
   * that come `after` this tier, with delete policy `BeforeHookCreation` (replaced at the next
   * sync, never deleted after a successful one as `HookSucceeded` would, so what runs keeps it).
   * Hook objects are not pruned and not diffed by Argo CD. A Namespace cannot be a member.
   *
   * @default HookPhase.SYNC
   */
  readonly phase?: HookPhase;
}

/**
 * A group of resources applied together in one sync wave of the Sync phase (or of PreSync, see
 * `phase`). Say what it waits for
 * with `after`; the library computes the fewest waves that honour every tier and writes the
 * `argocd.argoproj.io/sync-wave` annotation on each member's objects at synth. A tier after one
 * that Argo CD's kind order already applies first, with nothing to wait for (ConfigMaps, Secrets,
 * ServiceAccounts, RBAC, a Service that is not a LoadBalancer), shares its wave, as does a tier that
 * runs Pods after a tier of PersistentVolumeClaims; see `separateWave`.
 *
 * Members may be any constructs holding `ApiObject`s: cdk8s-plus resources, `ApiObject`s,
 * `Include`, `Helm`, or your own constructs.
 */
export class Tier extends Construct implements IOrderable {
  /** The phase the tier's members are applied in (`Sync`, or `PreSync`). */
  public readonly syncPhase: string;

  /** The pinned wave, if any. */
  public readonly wave?: number;

  /** True when this tier always waits in a later wave than everything it waits for. */
  public readonly separateWave: boolean;

  private readonly _after: IOrderable[] = [];
  private readonly _members: IConstruct[] = [];
  /** The same members, for a constant-time "already in" (tiers of thousands). */
  private readonly _memberSet = new Set<IConstruct>();

  constructor(scope: Construct, id: string, props: TierProps = {}) {
    super(scope, id);
    if (props.wave !== undefined && !Number.isSafeInteger(props.wave)) {
      throw new Error(`Tier ${this.node.path}: wave must be an integer, got ${props.wave}`);
    }
    const phase = props.phase ?? HookPhase.SYNC;
    if (phase !== HookPhase.SYNC && phase !== HookPhase.PRE_SYNC) {
      throw new Error(`Tier ${this.node.path}: phase must be HookPhase.SYNC or HookPhase.PRE_SYNC (for what a PreSync hook reads), got ${String(phase)}; `
        + 'use a HookJob for other phases');
    }
    this.syncPhase = phase;
    this.wave = props.wave;
    this.separateWave = props.separateWave ?? false;
    SyncPlanner.of(this).register({
      construct: this,
      phase,
      writesHooks: phase !== HookPhase.SYNC,
      pin: props.wave,
      separateWave: this.separateWave,
      after: () => this._after,
      members: () => this._members,
    });
    this.addAfter(...(props.after ?? []));
  }

  /**
   * Put constructs in this tier. Every `ApiObject` they hold (now or added later) gets the tier's wave.
   */
  public add(...members: IConstruct[]): Tier {
    for (const m of members) {
      if (m instanceof Tier) {
        throw new Error(`Tier ${this.node.path}: cannot add tier ${m.node.path} as a member; use \`after\` to order tiers`);
      }
      if (this._memberSet.has(m)) continue;
      this._memberSet.add(m);
      this._members.push(m);
    }
    SyncPlanner.of(this).changed(members);
    return this;
  }

  /**
   * Make this tier wait for more units (same as the `after` prop).
   */
  public addAfter(...units: IOrderable[]): Tier {
    for (const u of units) {
      if (!this._after.includes(u)) this._after.push(u);
    }
    SyncPlanner.of(this).changed([]);
    return this;
  }

  /** The constructs added to this tier. */
  public get members(): IConstruct[] {
    return [...this._members];
  }

  /** The units this tier waits for. */
  public get after(): IOrderable[] {
    return [...this._after];
  }
}
