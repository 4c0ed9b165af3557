/**
 * The rule pack's vocabulary, after cdk-nag: a rule is a pure function over the rendered manifests
 * and the plan Argo CD would build from them; a pack picks rules and their levels; a finding names
 * the resource, where it was written, what Argo CD will do, and how to fix it.
 *
 * Internal (not part of the jsii API), so unions and function types are fine here.
 */
import type { HealthScript } from '../argo/argocd-cm';
import type { HookRead } from '../argo/hooks';
import type { AppProjectContext } from '../argo/sync-permissions';
import type { Manifest, PlanOptions, SourceLocation, SyncPlan, SyncTask } from '../argo/types';

export type { AppProjectContext } from '../argo/sync-permissions';

/** error = Argo CD will misbehave; warning = a likely trap; info = cost or advice. */
export type Level = 'error' | 'warning' | 'info';
/** A level, or `off` to leave the rule out. */
export type LevelSetting = Level | 'off';

export const LEVELS: readonly Level[] = ['error', 'warning', 'info'];

/** What a rule reports: the object at fault and the words; the engine adds id, level and place. */
export interface Hit {
  readonly manifest: Manifest;
  /** What is wrong and what Argo CD will do about it (without the resource name: added for you). */
  readonly message: string;
  /** How to fix it, one sentence. */
  readonly fix: string;
  /** Field path of the annotation or field at fault, to point at its exact line. */
  readonly path?: ReadonlyArray<string | number>;
}

/** An object Argo CD runs as a hook, with its hook annotations as Argo CD reads them. */
export interface HookManifest {
  readonly manifest: Manifest;
  readonly hook: HookRead;
}

/**
 * Everything a rule may look at. Built once per lint, shared by all rules. Most rules care about a
 * few objects (the hooks, one kind, those with one annotation): the indexes below hand them just
 * those, so that thirty rules do not each read every object of a large chart.
 */
export interface RuleContext {
  readonly manifests: readonly Manifest[];
  readonly plan: SyncPlan;
  readonly options: ResolvedLintOptions;
  /** Every task of the plan: steps in order, then SyncFail hooks. */
  readonly tasks: readonly SyncTask[];
  /** Ids of every rule there is (whether or not this pack runs it), for suppressions. */
  readonly knownRuleIds: ReadonlySet<string>;
  /** Objects Argo CD runs as hooks in a sync phase, whether or not this sync skips them, in input order. */
  readonly hooks: readonly HookManifest[];
  /** Objects whose annotations Argo CD cannot read (not a map, or a value not a string), in input order. */
  readonly malformedAnnotations: readonly Manifest[];
  /** Objects named only by `metadata.generateName` (no `metadata.name`), in input order. */
  readonly generateNamed: readonly Manifest[];
  /** Objects with neither `metadata.name` nor `metadata.generateName`, in input order. */
  readonly unnamed: readonly Manifest[];
  /** Tasks of one manifest (a hook in two phases has two), in plan order. */
  tasksOf(manifest: Manifest): readonly SyncTask[];
  /** Index of the step a task is in (SyncFail tasks: -1). */
  stepIndexOf(task: SyncTask): number;
  /** Tasks of any of these kinds, in plan order (as in `tasks`). */
  tasksOfKind(...kinds: string[]): readonly SyncTask[];
  /** Objects of one kind, in input order. */
  manifestsOfKind(kind: string): readonly Manifest[];
  /**
   * Objects whose `metadata.annotations` has any of these keys, whatever the value (even when Argo
   * CD cannot read the map), in input order: a superset of those whose annotation Argo CD reads.
   */
  withAnnotation(...keys: string[]): readonly Manifest[];
}

export interface Rule {
  /** Stable, readable id; also the name of its file and of its page under docs/rules/. */
  readonly id: string;
  readonly defaultLevel: Level;
  /** One line: the trap this rule catches. */
  readonly title: string;
  check(ctx: RuleContext): readonly Hit[];
}

export interface Finding {
  readonly rule: string;
  readonly level: Level;
  readonly kind: string;
  readonly name: string;
  readonly namespace: string;
  /** Names the resource and where it was written, says what goes wrong, links the rule's page. */
  readonly message: string;
  readonly fix: string;
  /** Where: the file (or construct path) and the line of the field at fault when known. */
  readonly source: SourceLocation;
  /** URL of the rule's page. */
  readonly docs: string;
}

/** A finding silenced by a `syncplan.cdk8s.io/suppress` entry, kept for reports and audits. */
export interface SuppressedFinding extends Finding {
  readonly reason: string;
}

export interface LintOptions extends PlanOptions {
  /** The rules to run. @default the default pack (every rule, at its default level) */
  readonly rules?: readonly Rule[];
  /** Level per rule id, overriding the pack (`off` leaves a rule out). @default {} */
  readonly levels?: Readonly<Record<string, LevelSetting>>;
  /** CRDs already installed in the cluster, as `group/Kind`. @default [] */
  readonly installedCrds?: readonly string[];
  /**
   * The operator's `argocd-cm` as far as the rules read it (`syncplan lint --argocd-cm FILE`; at synth,
   * the health patch this library writes). @default undefined: not known, rules warn what it must hold
   */
  readonly argocdCm?: ArgocdCm;
  /**
   * The Application these manifests are the source of, with its AppProject, when both are known (an
   * app-of-apps parent holds them): rule `resource-not-permitted` checks every object against it.
   * @default undefined: not known, nothing checked
   */
  readonly appProject?: AppProjectContext;
}

/** What the rules read of `argocd-cm`. */
export interface ArgocdCm {
  /** The Application health script (`resource.customizations.health.argoproj.io_Application` or the `resource.customizations` block), if any. */
  readonly applicationHealth?: string;
  /**
   * Every health script it holds, keyed as Argo CD keys them (`argo/argocd-cm.ts`): a kind with one
   * has a health check, built in or not. @default [] (none known beyond the Application's)
   */
  readonly healthScripts?: readonly HealthScript[];
}

export interface ResolvedLintOptions extends LintOptions {
  readonly namespace: string;
  readonly syncOptions: readonly string[];
  readonly installedCrds: readonly string[];
}

export interface LintResult {
  /** Findings that count, most severe first, then by source. */
  readonly findings: readonly Finding[];
  readonly suppressed: readonly SuppressedFinding[];
}
