/**
 * A cdk8s `dist/`: cdk8s writes one file per chart (`<chart id>.k8s.yaml`, `0000-` prefixed when
 * charts depend on each other), and each chart is usually synced by its own Application. Planning
 * the files together would merge waves of Applications Argo CD never orders together, so a folder
 * that is evidently per-chart output is planned one Application per file. The rule, exactly: two or
 * more files, every one named `*.k8s.yaml`, all in one folder, and no `Application` among their
 * objects (an Application in them is an app-of-apps parent: plan it with `--repo-root`). Anything
 * else, a folder of hand-written manifests included, stays one Application.
 */
import { basename, dirname } from 'path';
import type { Manifest } from '../argo/types';

/** cdk8s's chart output file name (`App.synth`, the default `outputFileExtension`). */
const CHART_FILE = /^(?:\d{4}-)?(.+)\.k8s\.yaml$/;

export interface DistApp {
  /** The chart's id (the file name without the order prefix and extension). */
  readonly name: string;
  readonly file: string;
  readonly manifests: readonly Manifest[];
}

export interface Cdk8sDist {
  readonly apps: readonly DistApp[];
  /** Says what was done and why, and how to get one plan instead. */
  readonly note: string;
}

/** The per-chart Applications of `manifests` read from `paths`, or undefined when they are one app. */
export function cdk8sDist(paths: readonly string[], manifests: readonly Manifest[]): Cdk8sDist | undefined {
  if (paths.includes('-')) return undefined;
  const files = [...new Set(manifests.map(m => m.source.file))];
  if (files.length < 2) return undefined;
  if (new Set(files.map(f => dirname(f))).size !== 1) return undefined;
  if (!files.every(f => CHART_FILE.test(basename(f)))) return undefined;
  if (manifests.some(isApplication)) return undefined;
  const apps = files.map(file => ({
    name: CHART_FILE.exec(basename(file))![1],
    file,
    manifests: manifests.filter(m => m.source.file === file),
  }));
  return {
    apps,
    note: `${files.length} cdk8s chart files (*.k8s.yaml, one per chart) and no Application: each file is planned as its own Application, `
      + 'as Argo CD syncs Applications separately and waves never order one Application\'s objects after another\'s; '
      + 'if one Application syncs them all, pass --single-app',
  };
}

function isApplication(m: Manifest): boolean {
  const apiVersion = String(m.object.apiVersion ?? '');
  return m.object.kind === 'Application' && apiVersion.startsWith('argoproj.io/');
}
