/**
 * A child Application's objects checked against its AppProject (rule `resource-not-permitted`):
 * the one check that needs both the parent's manifests (the Application and its AppProject) and the
 * child's (its objects). `cdk8s synth` runs it for each `ArgoApplication`, the CLI for each child
 * it reads (`plan --repo-root`, and a cdk8s dist that holds the parent), on the same inputs.
 */
import { resourceNotPermitted } from './checks/resource-not-permitted';
import { buildContext, resolveOptions } from './context';
import { runRules } from './engine';
import { RULE_IDS } from './pack';
import type { AppProjectContext, LintOptions, LintResult } from './types';
import { isPlainObject } from '../argo/annotations';
import { projectNameOf } from '../argo/app-project';
import { applicationSyncOptionItems } from '../argo/application';
import type { Manifest } from '../argo/types';

/** What a child Application's lint needs of it: its AppProject, destination and sync options. */
export interface ChildProject {
  readonly appProject: AppProjectContext;
  /** `spec.destination.namespace` ('' when none). */
  readonly namespace: string;
  /** `spec.syncPolicy.syncOptions` (strings only). */
  readonly syncOptions: readonly string[];
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/**
 * The child Application with the AppProject it names, when that AppProject is among `projects`
 * (`appProjectsOf` of the parent's manifests); undefined otherwise (the `default` project, or one
 * created elsewhere: what it permits is not known, so nothing is reported).
 */
export function childProject(application: Record<string, unknown>, projects: ReadonlyMap<string, Record<string, unknown>>): ChildProject | undefined {
  const projectName = projectNameOf(application);
  const project = projects.get(projectName);
  if (!project) return undefined;
  const spec = isPlainObject(application.spec) ? application.spec : {};
  const dst = isPlainObject(spec.destination) ? spec.destination : {};
  const name = isPlainObject(application.metadata) ? text(application.metadata.name) : undefined;
  return {
    appProject: {
      application: name ?? '(unnamed)',
      project,
      projectName,
      destination: { server: text(dst.server), name: text(dst.name) },
    },
    namespace: text(dst.namespace) ?? '',
    syncOptions: applicationSyncOptionItems(application).filter((o): o is string => typeof o === 'string'),
  };
}

/**
 * The child's objects linted against its AppProject, with the Application's destination namespace
 * and sync options (a `CreateNamespace=true` Namespace is checked too); `options` adds the model's
 * (the Argo CD version, installed CRDs, levels). Suppressions on the objects apply.
 */
export function lintChildProject(manifests: readonly Manifest[], child: ChildProject, options: LintOptions = {}): LintResult {
  const resolved = resolveOptions({ ...options, namespace: child.namespace, syncOptions: [...child.syncOptions], appProject: child.appProject });
  return runRules(buildContext(manifests, resolved, RULE_IDS), [resourceNotPermitted]);
}
