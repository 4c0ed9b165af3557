/**
 * More realistic apps written with the public API (#10), each synthesized with `app.synth()` as
 * `cdk8s synth` does and read back by the harness and by the `syncplan` CLI on the files written:
 * - an operator's release YAML brought in with cdk8s `Include` (its own Helm hook and a wave set by
 *   hand), a tier of it, the team's custom resources and consumer after it;
 * - a stateful service written with cdk8s-plus-33 (volumeClaimTemplates, HPA, PDB, NetworkPolicy,
 *   Ingress, CronJob, a Sync-phase migration, a smoke test and a SyncFail hook);
 * - a region-by-region rollout: tiers created in a loop, objects added to members after they were
 *   put in their tier.
 * The promises checked: every declared edge holds with the fewest waves, the synth prints nothing
 * and the rule pack finds nothing (`syncplan lint` exits 0), `simulate` with healthy defaults
 * succeeds, and a second synth writes the same bytes.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ApiObject, App } from 'cdk8s';
import { AppBuilder, AppReadBack, brokenEdges, ChartReadBack, findingLines, minimumWaves, slackWaves, synthAndRead, taskNamed, writtenWaves } from './harness';
import { includedOperatorApp } from './included-operator';
import { REGIONS, regionRolloutApp } from './region-rollout';
import { statefulLedgerApp } from './stateful-ledger';
import type { SyncPhase } from '../../src/argo/types';
import { captured, cli } from '../cli/run-cli';

jest.setTimeout(30_000);

/** `handSet`: the objects (`kind/name`) whose wave the app's YAML sets by hand, which the waves are planned around. */
const APPS: ReadonlyArray<{ name: string; build: AppBuilder; handSet?: string[] }> = [
  { name: 'an operator brought in with Include, custom resources after it', build: includedOperatorApp, handSet: ['ValidatingWebhookConfiguration/queue-operator'] },
  { name: 'a stateful service on cdk8s-plus-33', build: statefulLedgerApp },
  { name: 'a region-by-region rollout, tiers made in a loop', build: regionRolloutApp },
];

const PHASES: readonly SyncPhase[] = ['PreSync', 'Sync', 'PostSync'];

/** The files `app.synth()` writes, by name. */
function synthFiles(build: AppBuilder): Record<string, string> {
  const outdir = mkdtempSync(join(tmpdir(), 'syncplan-more-apps-'));
  try {
    const app = new App({ outdir });
    build(app);
    void captured(async () => { app.synth(); return 0; });
    return Object.fromEntries(readdirSync(outdir).sort().map((f) => [f, readFileSync(join(outdir, f), 'utf8')]));
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

const reads = new Map<AppBuilder, AppReadBack>();
function read(build: AppBuilder): AppReadBack {
  if (!reads.has(build)) reads.set(build, synthAndRead(build));
  return reads.get(build)!;
}

/** The objects of `handSet` (`kind/name`), by construct path, at the wave they were read back at. */
function fixedWaves(c: ChartReadBack, handSet: readonly string[]): Map<string, number> {
  const objects = c.chart.node.findAll().filter((x): x is ApiObject => x instanceof ApiObject && handSet.includes(`${x.kind}/${x.name}`));
  expect(objects).toHaveLength(handSet.length);
  return new Map(objects.map((o) => [o.node.path, c.taskOf(o)!.wave]));
}

describe.each(APPS)('$name', ({ build, handSet }) => {
  test('every declared edge holds, with the fewest waves (planned around the waves set by hand)', () => {
    for (const c of read(build).charts) {
      expect(c.edges.length).toBeGreaterThan(0);
      expect(brokenEdges(c)).toEqual([]);
      if (handSet) {
        const fixed = fixedWaves(c, handSet);
        expect(PHASES.flatMap((p) => slackWaves(c, p, fixed))).toEqual([]);
        continue;
      }
      const written = Object.fromEntries(PHASES.map((p) => [p, writtenWaves(c, p)]));
      const minimum = Object.fromEntries(PHASES.map((p) => [p, minimumWaves(c, p)]));
      expect(written).toEqual(minimum);
    }
  });

  test('nothing printed at synth, no finding of the rule pack', () => {
    const r = read(build);
    expect(r.output).toBe('');
    expect(r.charts.flatMap(findingLines)).toEqual([]);
  });

  test('the CLI on the synthesized files: lint finds nothing, simulate succeeds, a second synth writes the same bytes', async () => {
    const files = synthFiles(build);
    expect(synthFiles(build)).toEqual(files);
    const dir = mkdtempSync(join(tmpdir(), 'syncplan-more-apps-cli-'));
    try {
      const app = new App({ outdir: dir });
      build(app);
      await captured(async () => { app.synth(); return 0; });
      const paths = readdirSync(dir).map((f) => join(dir, f));
      const lint = await cli('lint', ...paths, '-f', 'json');
      expect({ code: lint.code, findings: JSON.parse(lint.stdout).findings }).toEqual({ code: 0, findings: [] });
      for (const p of paths) {
        const simulate = await cli('simulate', p, '-f', 'json');
        expect({ code: simulate.code, phase: JSON.parse(simulate.stdout).operationPhase }).toEqual({ code: 0, phase: 'Succeeded' });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what each app is about', () => {
  test('operator: the Namespace a vendored pre-install hook lives in gets no wave of its tier; Argo CD runs it first, in PreSync', () => {
    const [c] = read(includedOperatorApp).charts;
    const ns = taskNamed(c, 'Namespace', 'queue-system');
    expect({ phase: ns.phase, annotations: (ns.manifest.object.metadata as { annotations?: object }).annotations }).toEqual({ phase: 'PreSync', annotations: undefined });
    expect(taskNamed(c, 'Job', 'queue-operator-certgen').phase).toBe('PreSync');
  });

  test('operator: the queue waits for the CRD and the webhook the vendor registers at wave 1; the consumer for the queue', () => {
    const [c] = read(includedOperatorApp).charts;
    const [crd, webhook, queue, binding, consumer] = [taskNamed(c, 'CustomResourceDefinition', 'queues.messaging.example.com'),
      taskNamed(c, 'ValidatingWebhookConfiguration', 'queue-operator'), taskNamed(c, 'Queue', 'orders'),
      taskNamed(c, 'Binding', 'orders-to-billing'), taskNamed(c, 'Deployment', 'orders-consumer')];
    expect([crd.wave, webhook.wave, queue.wave, binding.wave, consumer.wave]).toEqual([0, 1, 2, 2, 3]);
  });

  test('stateful: database, migration, API, edge in four Sync waves; the smoke test after, the notification on failure', () => {
    const [c] = read(statefulLedgerApp).charts;
    const waveOf = (kind: string, name: string) => taskNamed(c, kind, name).wave;
    expect([waveOf('StatefulSet', 'ledger-db'), waveOf('Job', 'ledger-migrate'), waveOf('Deployment', 'ledger-api'), waveOf('Ingress', 'ledger')]).toEqual([0, 1, 2, 3]);
    expect([waveOf('HorizontalPodAutoscaler', 'ledger-api-hpa'), waveOf('PodDisruptionBudget', 'ledger-api'), waveOf('NetworkPolicy', 'ledger-db-from-api')]).toEqual([2, 2, 2]);
    expect(taskNamed(c, 'Job', 'ledger-smoke').phase).toBe('PostSync');
    expect(c.plan.syncFail.map((t) => t.name)).toEqual(['ledger-sync-failed']);
  });

  test('regions: each region a wave after the one before, with the objects added to it after it was put in its tier', () => {
    const [c] = read(regionRolloutApp).charts;
    REGIONS.forEach((region, i) => {
      for (const [kind, name] of [['Deployment', `pricing-${region}`], ['Service', `pricing-${region}`], ['ConfigMap', `pricing-${region}-new-checkout`]]) {
        expect(`${kind}/${name}: ${taskNamed(c, kind, name).wave}`).toBe(`${kind}/${name}: ${i}`);
      }
    });
  });
});
