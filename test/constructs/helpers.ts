import { ApiObject, Chart, Testing } from 'cdk8s';
import { Construct } from 'constructs';

/** A chart in a fresh test app, with readable object names. */
export function newChart(id = 'chart', props: { namespace?: string } = {}): Chart {
  return new Chart(Testing.app(), id, { disableResourceNameHashes: true, ...props });
}

/** A plain ConfigMap ApiObject (no cdk8s-plus defaults in the way). */
export function configMap(scope: Construct, id: string, extra: { namespace?: string; annotations?: Record<string, string> } = {}): ApiObject {
  return new ApiObject(scope, id, {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: id, ...extra },
  });
}

/** `kind/name` → annotations of every object the chart renders. */
export function annotationsByName(chart: Chart): Record<string, Record<string, string> | undefined> {
  const out: Record<string, Record<string, string> | undefined> = {};
  for (const o of Testing.synth(chart)) out[`${o.kind}/${o.metadata.name}`] = o.metadata.annotations;
  return out;
}

/** The sync-wave annotation of each rendered object (undefined when absent). */
export function wavesByName(chart: Chart): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, a] of Object.entries(annotationsByName(chart))) out[k] = a?.['argocd.argoproj.io/sync-wave'];
  return out;
}

/** The validation error message of a synth, or '' if it succeeds. */
export function synthError(chart: Chart): string {
  try {
    Testing.synth(chart);
    return '';
  } catch (e) {
    return (e as Error).message;
  }
}

/** The Jobs a chart renders, by name. */
export function jobs(chart: Chart): Record<string, any> {
  return Object.fromEntries(Testing.synth(chart).filter((o) => o.kind === 'Job').map((o) => [o.metadata.name, o]));
}

/** What `run` wrote to stderr (synth warnings). */
export function stderrOf(run: () => void): string {
  let out = '';
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => {
    out += String(chunk);
    return true;
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return out;
}

/** What `synth` (an `app.synth()`) printed to stderr, and the message it failed with ('' when it passed). */
export function synthOutcome(synth: () => void): { stderr: string; error: string } {
  let error = '';
  const stderr = stderrOf(() => {
    try {
      synth();
    } catch (e) {
      error = (e as Error).message;
    }
  });
  return { stderr, error };
}
