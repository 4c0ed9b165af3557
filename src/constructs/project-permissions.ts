/**
 * At synth, an `ArgoApplication`'s objects checked against its AppProject when the App holds that
 * AppProject (rule `resource-not-permitted`, on the rendered Application, AppProject and chart
 * objects, as `syncplan lint` reads the synthesized files): Argo CD refuses the whole sync of an
 * Application whose project does not permit one of its objects (a custom AppProject without
 * `clusterResourceWhitelist` permits no Namespace, CRD or ClusterRole), so the synth fails, naming
 * the ArgoApplication and the object. The `default` project, or one the App does not hold, is not
 * known: nothing is reported.
 *
 * Part of the rule pack at synth: skipped when the ArgoApplication's chart checks less
 * (`SynthChecks.PROOF` or `NONE` leave the rules to `syncplan lint`, which runs this one too).
 *
 * Checked once per synchronous job (`sync-job.ts`: a synth is one job, and cdk8s validates every
 * ArgoApplication two or three times in it), the App's AppProjects found once per job: an AppProject
 * added after a synth in the same job is seen from the next job on. The child objects are read as
 * their chart's proof rendered them for the output when it did (that render is still served to
 * cdk8s's), so a large child is not rendered again for this check.
 */
import { ApiObject, App, Chart } from 'cdk8s';
import { IConstruct } from 'constructs';
import { childrenOf, objectsUnder } from './cdk8s-internals';
import { SyncPlanner } from './planner';
import { currentJob } from './sync-job';
import { SynthChecks } from './synth-checks';
import { whileValidating } from './synth-validation';
import { appProjectsOf } from '../argo/app-project';
import type { Manifest } from '../argo/types';
import { childProject, findingText, lintChildProject } from '../rules';

/** What the check reads of an Application the App generates (an ArgoApplication, an ApplicationSet member). */
export interface ProjectCheckedApplication {
  /** The construct that generates it: the check is added to it and its chart's `SynthChecks` decide. */
  readonly construct: IConstruct;
  /** How findings name it (`ArgoApplication platform/web`). */
  readonly label: string;
  readonly charts: readonly Chart[];
  readonly project: string;
  /** The Application as Argo CD reads it (its project, destination and sync options), rendered at the check. */
  readonly application: () => Record<string, unknown>;
}

const found = new WeakMap<App, { readonly job: number; readonly projects: readonly ApiObject[] }>();
const checked = new WeakMap<IConstruct, { readonly job: number; readonly errors: string[] }>();

/** The App's AppProject objects, found once per synchronous job. */
function appProjectObjects(app: App): readonly ApiObject[] {
  const job = currentJob();
  const known = found.get(app);
  if (known && known.job === job) return known.projects;
  const projects = collect(app, []);
  found.set(app, { job, projects });
  return projects;
}

function collect(c: IConstruct, out: ApiObject[]): ApiObject[] {
  if (ApiObject.isApiObject(c) && c.kind === 'AppProject' && c.apiVersion.startsWith('argoproj.io/')) out.push(c);
  const children = childrenOf(c);
  for (const id in children) collect(children[id], out);
  return out;
}

/** An object as its chart's proof rendered it for the output when it did (still served to it), else rendered now. */
export function renderedForCheck(o: ApiObject): Record<string, unknown> {
  return (SyncPlanner.tryOf(Chart.of(o))?.rendered(o) ?? o.toJson()) as Record<string, unknown>;
}

/** A rendered object as a manifest sourced at its construct path, as `read-back.ts` reads objects. */
function manifestOf(o: ApiObject, index: number): Manifest {
  return { object: renderedForCheck(o), source: { file: o.node.path, line: 0, index } };
}

/** The errors of the check, each naming the Application's construct and the object; [] when the project is not known. */
export function projectPermissionErrors(application: ProjectCheckedApplication): string[] {
  if (application.charts.length === 0) return []; // the whole folder is synced: its objects are not known
  if ((SyncPlanner.tryOf(Chart.of(application.construct))?.checks ?? SynthChecks.ALL) !== SynthChecks.ALL) return [];
  const job = currentJob();
  const known = checked.get(application.construct);
  if (known && known.job === job) return known.errors;
  const errors = check(application);
  checked.set(application.construct, { job, errors });
  return errors;
}

function check(application: ProjectCheckedApplication): string[] {
  const named = appProjectObjects(App.of(application.construct)).filter((o) => o.name === application.project);
  if (named.length === 0) return [];
  return whileValidating(() => {
    let read: { manifests: Manifest[]; child: NonNullable<ReturnType<typeof childProject>> } | undefined;
    try {
      const child = childProject(application.application(), appProjectsOf(named.map(manifestOf)));
      if (!child) return [];
      const charts = new Set(application.charts);
      const objects = new Set(application.charts.flatMap((c) => objectsUnder(c, charts, [])));
      read = { manifests: [...objects].map(manifestOf), child };
    } catch {
      // A render that throws (impossible intent, an App writing one file) fails the synth where it
      // belongs, with its own words: the chart's validation, or cdk8s's render of the output.
      return [];
    }
    return lintChildProject(read.manifests, read.child).findings
      .filter((f) => f.level === 'error')
      .map((f) => `${application.label}: ${findingText(f).join('\n  ')}`);
  });
}
