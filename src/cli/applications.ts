/**
 * `syncplan plan PARENT --repo-root DIR`: the child Applications of an app-of-apps parent, in the
 * order the parent syncs them, each with its own plan read from the repository as Argo CD's repo
 * server reads a directory source (`argo-cd reposerver/repository/repository.go`: the source path, the
 * manifest extensions, `recurse`, `exclude` then `include`, the skip marker). Sources Argo CD
 * renders (a Helm chart, a kustomization) are named with the command that renders them.
 */
import { existsSync, readdirSync, statSync } from 'fs';
import { isAbsolute, join, relative, resolve, sep } from 'path';
import { childConstructMetadataNote } from './construct-metadata';
import { InputError } from './errors';
import { loadPaths, SKIPPED_ON_STDERR } from './load';
import { appProjectsOf } from '../argo/app-project';
import { applicationSource, applicationSyncOptionItems, managesNamespaceMetadata } from '../argo/application';
import { directoryReads, DirectoryOptions } from '../argo/directory-source';
import { isApplication } from '../argo/live/application';
import { isApplicationSet } from '../argo/live/appset';
import { buildPlan } from '../argo/plan';
import { listGeneratedApplications } from '../argo/progressive-sync';
import type { Manifest, PlanOptions, SyncPlan, TrackingMethod } from '../argo/types';
import { noApplicationOrder, rollingSyncJson, rollingSyncOrder } from '../report/application-order';
import type { ApplicationOrder, RollingSyncJson } from '../report/application-order';
import type { ChildProject, LintOptions, LintResult } from '../rules';
import { childProject, lintChildProject } from '../rules/child-project';

export interface ChildSource {
  readonly repoURL: string;
  readonly targetRevision: string;
  readonly path: string;
  /** Files read, relative to the repository root, when the source is a directory. */
  readonly files?: readonly string[];
  /** The command that renders the source, when Argo CD renders it (the child is then not planned). */
  readonly render?: string;
}

export interface ChildApplication {
  readonly name: string;
  readonly namespace: string;
  /** The parent's sync wave the child is applied in. */
  readonly wave: number;
  /** Index of the parent's step (the sync order). */
  readonly order: number;
  readonly destinationNamespace: string;
  readonly source: ChildSource;
  /** The child's own plan, when its source could be read (`childApplications`). */
  readonly plan?: SyncPlan;
  /** The manifests its plan was made of (`childApplications`). */
  readonly manifests?: readonly Manifest[];
  /** What planning the child takes, when its source is a directory (`childSources`). */
  readonly job?: ChildPlanJob;
  readonly manifest: Manifest;
}

/** A child's plan, as data a worker thread can receive: its files and the Application's options. */
export interface ChildPlanJob {
  /** The child Application's name (its notes name it). */
  readonly application: string;
  /**
   * The files, in the order the repo server reads them, named as a plan of the child's folder names
   * them (`childFileName`): their manifests' sources, and so every output's `file:line`, read the same.
   */
  readonly files: readonly string[];
  readonly namespace: string;
  readonly syncOptions: readonly string[];
  /** Its `spec.syncPolicy.managedNamespaceMetadata` is set. @default false */
  readonly managedNamespaceMetadata?: boolean;
  /** The child's AppProject, when the parent holds it: its objects are checked against it. @default undefined */
  readonly project?: ChildProject;
  /** The Argo CD version modelled (`--argocd-version`), for its plan and that check. @default the latest */
  readonly argocdVersion?: string;
  /** The cluster's Kubernetes version modelled (`--kube-version`). @default DEFAULT_KUBE_VERSION */
  readonly kubeVersion?: string;
  /** argocd-cm's `application.resourceTrackingMethod` (`--tracking-method`). @default the version's default */
  readonly trackingMethod?: TrackingMethod;
}

/**
 * What a child is planned with of the parent run's model: one Argo CD (its version and argocd-cm's
 * tracking method) syncs the parent and its children, so a child's plan agrees with a plan of its
 * folder run with the same flags. The parent's operation (revision, selective sync, skipped hooks,
 * live objects) is not the child's: it syncs on its own.
 */
export type ChildModel = Pick<ChildPlanJob, 'argocdVersion' | 'kubeVersion' | 'trackingMethod'>;

/** The parent run's model, as its children take it. */
export function childModel(options: PlanOptions): ChildModel {
  return {
    ...(options.argocdVersion !== undefined ? { argocdVersion: options.argocdVersion } : {}),
    ...(options.kubeVersion !== undefined ? { kubeVersion: options.kubeVersion } : {}),
    ...(options.tracking?.method !== undefined ? { trackingMethod: options.tracking.method } : {}),
  };
}

/** The options a child's plan is built with: its Application's, and the parent run's model. */
export function childPlanOptions(job: ChildPlanJob): PlanOptions {
  return {
    namespace: job.namespace,
    syncOptions: [...job.syncOptions],
    ...(job.managedNamespaceMetadata ? { managedNamespaceMetadata: true } : {}),
    ...(job.argocdVersion !== undefined ? { argocdVersion: job.argocdVersion } : {}),
    ...(job.kubeVersion !== undefined ? { kubeVersion: job.kubeVersion } : {}),
    // Only the method: a child has no live objects for tracking to sort.
    ...(job.trackingMethod !== undefined ? { tracking: { method: job.trackingMethod } } : {}),
  };
}

/** Plans one child: its files read and planned as its own Application. */
export function planChild(job: ChildPlanJob): SyncPlan {
  return planChildManifests(job).plan;
}

/** Told why a file the child's source reads was left out, and that Argo CD fails the child on it. */
export type ChildNotes = (note: string) => void;

/** Each note on stderr, as the parent's own files' notes (`SKIPPED_ON_STDERR`). */
export const CHILD_NOTES_ON_STDERR: ChildNotes = note => SKIPPED_ON_STDERR.skipped!(note, '');

/**
 * One child's files read as its directory source reads them. A file left out as no manifest (the
 * cdk8s CLI's construct-metadata.json) is one its include/exclude keep, so Argo CD reads it and
 * fails the child: `notes` is told so, naming the file relative to the working directory.
 */
export function loadChild(job: ChildPlanJob, notes?: ChildNotes): Manifest[] {
  if (job.files.length === 0) return [];
  return loadPaths(job.files, { skipped: (_note, file) => notes?.(childConstructMetadataNote(file, job.application)) });
}

/** One child's files read and planned as its own Application; `notes`: as `loadChild`. */
export function planChildManifests(job: ChildPlanJob, notes?: ChildNotes): { manifests: Manifest[]; plan: SyncPlan } {
  const manifests = loadChild(job, notes);
  return { manifests, plan: buildPlan(manifests, childPlanOptions(job)) };
}

/**
 * The child's objects checked against its AppProject (rule resource-not-permitted); undefined when
 * the parent does not hold it. `options`: the lint's (levels; `lint --repo-root`), else the job's model.
 */
export function childProjectReport(job: ChildPlanJob, manifests: readonly Manifest[], options: LintOptions = {}): LintResult | undefined {
  if (!job.project) return undefined;
  const model = job.argocdVersion !== undefined ? { argocdVersion: job.argocdVersion } : {};
  return lintChildProject(manifests, job.project, { ...model, ...options, rules: undefined });
}

/** The app-of-apps parent: its own manifests and plan, and its children resolved under the repo root (not yet planned). */
export interface AppOfAppsParent {
  readonly manifests: readonly Manifest[];
  readonly plan: SyncPlan;
  readonly children: ChildApplication[];
}

/**
 * The app-of-apps parent read under `repoRoot`. When the input also holds its children's files (a
 * cdk8s dist: the parent chart's file beside the chart files its Applications sync), a file a child
 * Application reads is that child's, synced by it and not by the parent, unless it holds an
 * Application the parent applies. Planning them with the parent would merge waves of Applications
 * Argo CD never orders together. The children are resolved once (each a listing of its folder),
 * again only when the parent's plan changed.
 */
export function appOfAppsParent(manifests: readonly Manifest[], options: PlanOptions, repoRoot: string): AppOfAppsParent {
  const plan = buildPlan(manifests, options);
  const children = childSources(plan, repoRoot, childModel(options));
  const childFiles = new Set([...children.flatMap(c => (c.job?.files ?? []).map(f => resolve(f))), ...generatedFiles(plan, repoRoot)]);
  if (childFiles.size === 0) return { manifests, plan, children };
  const parentFiles = new Set(manifests.filter(m => isApplication(m.object) || isApplicationSet(m.object)).map(m => resolve(m.source.file)));
  const own = manifests.filter((m) => {
    const file = resolve(m.source.file);
    return !childFiles.has(file) || parentFiles.has(file);
  });
  if (own.length === manifests.length) return { manifests, plan, children };
  // The children's steps (their order and wave in the parent) are read from the parent's own plan.
  const ownPlan = buildPlan(own, options);
  return { manifests: own, plan: ownPlan, children: childSources(ownPlan, repoRoot, childModel(options)) };
}

/** Each child planned from its files (a child Argo CD renders stays unplanned); `notes`: as `loadChild`. */
export function planChildren(children: readonly ChildApplication[], notes: ChildNotes = CHILD_NOTES_ON_STDERR): ChildApplication[] {
  return children.map(c => (c.job ? { ...c, ...planChildManifests(c.job, notes) } : c));
}

/** The parent's child Applications in sync order, each resolved under `repoRoot` and planned with the parent run's `model`. */
export function childApplications(parent: SyncPlan, repoRoot: string, model: ChildModel = {}): ChildApplication[] {
  return planChildren(childSources(parent, repoRoot, model));
}

/**
 * The files the Applications of the parent's ApplicationSets read (list generators, as
 * `ArgoApplicationSet` writes them), under `repoRoot`: synced by those Applications, not the parent.
 * A source that is no folder under the root reads none here (`plan` names no such Application).
 */
function generatedFiles(parent: SyncPlan, repoRoot: string): string[] {
  return appSetTasks(parent).flatMap(t => (listGeneratedApplications(t.manifest.object) ?? []).flatMap((object) => {
    const src = applicationSource(object);
    if (typeof src.chart === 'string') return [];
    const dir = resolve(repoRoot, String(src.path ?? '') || '.');
    if (!isUnder(dir, resolve(repoRoot)) || !existsSync(dir) || !statSync(dir).isDirectory()) return [];
    return directoryFiles(dir, (src.directory ?? {}) as DirectoryOptions).map(f => join(dir, ...f.split('/')));
  }));
}

/** The ApplicationSets the parent applies, in sync order. */
function appSetTasks(parent: SyncPlan) {
  return parent.steps.flatMap(step => step.tasks.filter(t => t.action === 'apply' && t.group === 'argoproj.io' && t.kind === 'ApplicationSet'));
}

/** The RollingSync steps of each ApplicationSet the parent applies (with RollingSync on), in sync order. */
export function appSetOrders(parent: SyncPlan): ApplicationOrder[] {
  return appSetTasks(parent).flatMap((t) => {
    const order = rollingSyncOrder(t.name, t.manifest.object as Record<string, any>);
    return order ? [order] : [];
  });
}

/**
 * What every output draws above an app-of-apps parent's plans: the children's `waves`, then the
 * RollingSync steps of its ApplicationSets; a parent that applies no Application has no waves to
 * show, only those steps, or without any, no order and why (`noApplicationOrder`).
 */
export function parentOrders(parent: SyncPlan, waves: ApplicationOrder): ApplicationOrder[] {
  const appSets = appSetOrders(parent);
  if (waves.groups.length > 0) return [waves, ...appSets];
  return appSets.length > 0 ? appSets : [noApplicationOrder(appSetTasks(parent).map(t => t.name))];
}

/** The same steps as data, for `plan --repo-root -f json`'s `applicationSets`. */
export function appSetRollouts(parent: SyncPlan): RollingSyncJson[] {
  return appSetTasks(parent).flatMap((t) => {
    const steps = rollingSyncJson(t.name, t.namespace, t.manifest.object as Record<string, any>);
    return steps ? [steps] : [];
  });
}

/**
 * The same, with each child's plan left to do (`job`, with the parent run's `model`): the caller plans
 * them, in workers when many. A child whose AppProject the parent applies gets it in its job.
 */
export function childSources(parent: SyncPlan, repoRoot: string, model: ChildModel = {}): ChildApplication[] {
  const out: ChildApplication[] = [];
  const applied = parent.steps.flatMap(step => step.tasks.filter(t => t.action === 'apply'));
  const projects = appProjectsOf(applied.filter(t => t.kind === 'AppProject').map(t => t.manifest));
  parent.steps.forEach((step, order) => {
    for (const t of step.tasks) {
      if (t.action !== 'apply' || t.group !== 'argoproj.io' || t.kind !== 'Application') continue;
      const child = resolveChild(t.manifest, t.name, t.namespace, step.wave, order, repoRoot);
      const project = child.job ? childProject(t.manifest.object, projects) : undefined;
      out.push(child.job ? { ...child, job: { ...child.job, ...model, ...(project ? { project } : {}) } } : child);
    }
  });
  return out;
}

function resolveChild(manifest: Manifest, name: string, namespace: string, wave: number, order: number, repoRoot: string): ChildApplication {
  const spec = (manifest.object.spec ?? {}) as Record<string, any>;
  const src = applicationSource(manifest.object);
  const destinationNamespace = String(spec.destination?.namespace ?? '');
  const base = { repoURL: String(src.repoURL ?? ''), targetRevision: String(src.targetRevision ?? 'HEAD'), path: String(src.path ?? '') };
  const child = { name, namespace, wave, order, destinationNamespace, manifest };
  if (typeof src.chart === 'string') {
    return { ...child, source: { ...base, render: `helm template ${src.helm?.releaseName ?? name} ${src.chart} --repo ${base.repoURL} --version ${base.targetRevision}` } };
  }
  const dir = resolve(repoRoot, base.path || '.');
  if (!isUnder(dir, resolve(repoRoot)) || !existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new InputError(manifest.source.file, manifest.source.line, `Application/${name}: source path ${JSON.stringify(base.path)} is no folder under the repo root ${repoRoot}`,
      'pass the checkout of its repoURL as --repo-root');
  }
  const names = readdirSync(dir);
  if (names.some(n => /Chart\.yaml$/.test(n))) return { ...child, source: { ...base, render: `helm template ${src.helm?.releaseName ?? name} ${join(repoRoot, base.path)}` } };
  if (names.some(n => ['kustomization.yaml', 'kustomization.yml', 'Kustomization'].includes(n))) return { ...child, source: { ...base, render: `kustomize build ${join(repoRoot, base.path)}` } };
  const files = directoryFiles(dir, (src.directory ?? {}) as DirectoryOptions);
  const syncOptions = applicationSyncOptionItems(manifest.object).map(String);
  const job = {
    application: name,
    files: files.map(f => childFileName(join(dir, ...f.split('/')), repoRoot)),
    namespace: destinationNamespace,
    syncOptions,
    ...(managesNamespaceMetadata(manifest.object) ? { managedNamespaceMetadata: true } : {}),
  };
  return { ...child, source: { ...base, files: files.map(f => relative(repoRoot, join(dir, f)).split(sep).join('/')) }, job };
}

/**
 * A child's file named as the user names it to plan the child's folder on its own (`syncplan plan
 * apps/web`), so a child's errors and findings read as that plan's: relative to the working
 * directory when under it, else from the repo root as given (an absolute root stays absolute).
 * `file` is absolute. Worker threads share the process's working directory, so they name it alike.
 */
export function childFileName(file: string, repoRoot: string): string {
  const fromCwd = relative(process.cwd(), file);
  if (isUnder(file, process.cwd())) return fromCwd;
  return isAbsolute(repoRoot) ? file : fromCwd;
}

/** True when `path` is `root` or inside it (a sibling whose name starts with the root's is not). */
function isUnder(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel.split(sep)[0] !== '..' && !isAbsolute(rel));
}

/** The files of `dir` a directory source with these options reads, relative and `/`-separated. */
function directoryFiles(dir: string, directory: DirectoryOptions): string[] {
  return listFiles(dir).filter(rel => directoryReads(rel, directory));
}

/** Every file under `dir`, relative and `/`-separated, in byte order. */
function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(dir, prefix)).sort()) {
    if (name.startsWith('.')) continue;
    const rel = prefix ? `${prefix}/${name}` : name;
    const stat = statSync(join(dir, rel));
    if (stat.isDirectory()) out.push(...listFiles(dir, rel));
    else if (stat.isFile()) out.push(rel);
  }
  return out;
}
