/**
 * A cdk8s `dist/`: cdk8s writes one file per chart (`<chart id>.k8s.yaml`, `0000-` prefixed when
 * charts depend on each other), and each chart is usually synced by its own Application. Planning
 * the files together would merge waves of Applications Argo CD never orders together, so a folder
 * that is evidently per-chart output is planned one Application per file. The rule, exactly: two or
 * more files, every one named `*.k8s.yaml`, all in one folder. A file holding Applications (or
 * ApplicationSets) is an app-of-apps parent (the `ArgoApplication` and `ArgoApplicationSet`
 * constructs write their chart beside the charts they sync):
 * still one Application per file, unless `--repo-root` is given, which plans the parent with its
 * children in its order (`applications.ts`). Anything else, a folder of hand-written manifests
 * included, stays one Application.
 */
import { basename, dirname, relative, resolve, sep } from 'path';
import { appProjectsOf } from '../argo/app-project';
import { applicationSource } from '../argo/application';
import { directoryReads, DirectoryOptions } from '../argo/directory-source';
import { isApplication } from '../argo/live/application';
import { isApplicationSet } from '../argo/live/appset';
import { listGeneratedApplications } from '../argo/progressive-sync';
import type { Manifest } from '../argo/types';
import { childProject } from '../rules/child-project';
import type { ChildProject } from '../rules/child-project';

/** cdk8s's chart output file name (`App.synth`, the default `outputFileExtension`). */
const CHART_FILE = /^(?:\d{4}-)?(.+)\.k8s\.yaml$/;

export interface DistApp {
  /** The chart's id (the file name without the order prefix and extension). */
  readonly name: string;
  readonly file: string;
  readonly manifests: readonly Manifest[];
  /**
   * The Application of the dist that syncs this file (its source names the folder and reads the
   * file), with its AppProject when the dist holds that too: the file's objects are checked
   * against it, as `cdk8s synth` checks an `ArgoApplication`'s charts. @default undefined
   */
  readonly project?: ChildProject;
}

export interface Cdk8sDist {
  readonly apps: readonly DistApp[];
  /** Says what was done and why, and how to get one plan instead. */
  readonly note: string;
}

/**
 * The per-chart Applications of `manifests` read from `paths`, or undefined when they are one app.
 * `repoRoot`: given (`--repo-root`), a dist holding an app-of-apps parent is planned as that parent
 * with its children instead.
 */
export function cdk8sDist(paths: readonly string[], manifests: readonly Manifest[], repoRoot?: string): Cdk8sDist | undefined {
  if (paths.includes('-')) return undefined;
  const files = [...new Set(manifests.map(m => m.source.file))];
  if (files.length < 2) return undefined;
  if (new Set(files.map(f => dirname(f))).size !== 1) return undefined;
  if (!files.every(f => CHART_FILE.test(basename(f)))) return undefined;
  const applications = manifests.filter(m => isApplication(m.object));
  const appSets = manifests.filter(m => isApplicationSet(m.object));
  const parents = [...applications, ...appSets];
  if (parents.length > 0 && repoRoot !== undefined) return undefined;
  const projects = appProjectsOf(manifests);
  // What may sync a file: the dist's Applications, and those its ApplicationSets' list generators make.
  const generated = generatedApplications(manifests);
  const syncers = projects.size === 0 ? [] : [...applications, ...generated];
  const apps = files.map((file) => {
    const syncedBy = syncers.find(m => readsFile(m, file));
    const project = syncedBy ? childProject(syncedBy.object, projects) : undefined;
    return {
      name: CHART_FILE.exec(basename(file))![1],
      file,
      manifests: manifests.filter(m => m.source.file === file),
      ...(project ? { project } : {}),
    };
  });
  const split = 'each file is planned as its own Application, as Argo CD syncs Applications separately and waves never order one Application\'s objects after another\'s';
  if (parents.length === 0) {
    return { apps, note: `${files.length} cdk8s chart files (*.k8s.yaml, one per chart) and no Application: ${split}; if one Application syncs them all, pass --single-app` };
  }
  const parentFiles = [...new Set(parents.map(m => basename(m.source.file)))];
  const root = inferredRepoRoot([...applications, ...generated]);
  const holding = appSets.length === 0 ? 'Applications (an app-of-apps parent)'
    : applications.length === 0 ? 'ApplicationSets (the parent of the Applications they generate)' : 'Applications and ApplicationSets (an app-of-apps parent)';
  return {
    apps,
    note: `${files.length} cdk8s chart files (*.k8s.yaml, one per chart), ${parentFiles.join(', ')} holding ${holding}: ${split}; `
      + `plan, simulate, report and diagram order the children under the parent with --repo-root ${root ?? 'CHECKOUT (the checkout of their repoURL)'}`,
  };
}

/**
 * The repository root the Applications' source paths are read under, when every one of them names
 * this very folder (`spec.source.path` is the end of its path, as `ArgoApplication` writes it): the
 * folder minus that path, relative to the working directory. Undefined when they disagree or name
 * another folder.
 */
function inferredRepoRoot(applications: readonly Manifest[]): string | undefined {
  const roots = new Set<string>();
  for (const m of applications) {
    const root = repoRootOf(m);
    if (root === undefined) return undefined;
    roots.add(root);
  }
  if (roots.size !== 1) return undefined;
  return relative(process.cwd(), [...roots][0]) || '.';
}

/** The absolute repository root under which the Application's source path names its own file's folder, or undefined. */
function repoRootOf(application: Manifest): string | undefined {
  const source = applicationSource(application.object);
  const folder = resolve(dirname(application.source.file));
  const path = typeof source.path === 'string' ? source.path.replace(/^\.\/|\/+$/g, '') : '';
  if (path === '' || path.startsWith('/') || path.split('/').includes('..')) return undefined;
  const tail = sep + path.split('/').join(sep);
  if (!folder.endsWith(tail)) return undefined;
  return folder.slice(0, folder.length - tail.length) || sep;
}

/** The Applications the dist's ApplicationSets generate (list generators, as `ArgoApplicationSet` writes them), each sourced at its set. */
function generatedApplications(manifests: readonly Manifest[]): Manifest[] {
  return manifests
    .filter(m => isApplicationSet(m.object))
    .flatMap(m => (listGeneratedApplications(m.object) ?? []).map(object => ({ object, source: m.source })));
}

/** True when the Application's directory source is this folder and reads `file` (as `ArgoApplication` writes it). */
function readsFile(application: Manifest, file: string): boolean {
  if (repoRootOf(application) === undefined) return false;
  return directoryReads(basename(file), (applicationSource(application.object).directory ?? {}) as DirectoryOptions);
}

