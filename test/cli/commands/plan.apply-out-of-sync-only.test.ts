/**
 * `syncplan plan --live --sync-option ApplyOutOfSyncOnly=true`: what a sync starting now leaves out,
 * per step, as `simulate` replays it (gitops-engine `filterOutOfSyncTasks`, `TestSync_ApplyOutOfSyncOnly`;
 * the model: src/argo/simulate/apply-out-of-sync-only.ts). The steps themselves stay as Argo CD builds them.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'fs';
import { basename, join } from 'path';
import { tempDirEach } from '../helpers';
import { cli } from '../run-cli';

const dir = tempDirEach('syncplan-plan-aoso');

function file(name: string, text: string): string {
  const path = join(dir(), name);
  writeFileSync(path, text);
  return path;
}

const cm = (name: string, data: string, wave?: string) => `apiVersion: v1
kind: ConfigMap
metadata: { name: ${name}, namespace: shop${wave ? `, annotations: { argocd.argoproj.io/sync-wave: "${wave}" }` : ''} }
data: { k: "${data}" }
`;
const APP = [cm('cfg', '1'), cm('changed', 'new'), cm('later', '2', '2')].join('---\n');
const LIVE = [cm('cfg', '1'), cm('changed', 'old'), cm('later', '2', '2')].join('---\n');
const ON = ['--sync-option', 'ApplyOutOfSyncOnly=true'];

test('the resources in sync, per step; a step of nothing else is no step on this sync; the same names as simulate', async () => {
  const args = [file('app.yaml', APP), '--live', file('live.yaml', LIVE), ...ON];
  const text = (await cli('plan', ...args)).stdout;
  expect(text).toContain('In sync with --live, so not applied (ApplyOutOfSyncOnly=true): 2 resources\n'
    + '  Sync wave 0: ConfigMap/cfg -n shop\n'
    + '  Sync wave 2: ConfigMap/later -n shop: the whole step, so no step on this sync (no health wait, no wave delay)\n');
  // The time is that sync's: one step left, so no wave delay (as simulate sleeps none).
  expect(text).toContain('Minimum time: 0 s (a single step: no wave delay)\n  1. Sync wave 0: waits for nothing with a health check\n'
    + '  1 step holds only resources in sync (ApplyOutOfSyncOnly=true): no step on this sync, not counted\n');
  const plan = JSON.parse((await cli('plan', ...args, '-f', 'json')).stdout);
  const simulated = JSON.parse((await cli('simulate', ...args, '-f', 'json')).stdout);
  expect(plan.inSync).toEqual(['ConfigMap/cfg', 'ConfigMap/later']);
  expect(plan.inSync).toEqual(simulated.inSync);
  const time = { seconds: plan.time.minimumSeconds, steps: plan.time.criticalPath.map((s: any) => s.wave) };
  expect(time).toEqual({ seconds: simulated.minimumSeconds, steps: [0] });
  // The plan is the one Argo CD builds: every step stays.
  expect(plan.steps.map((s: any) => s.wave)).toEqual([0, 2]);
});

test('without the option: nothing said; without --live: every resource is out of sync', async () => {
  const app = file('app2.yaml', APP);
  const off = await cli('plan', app, '--live', file('live2.yaml', LIVE));
  expect(off.stdout).not.toContain('ApplyOutOfSyncOnly');
  expect(JSON.parse((await cli('plan', app, '-f', 'json')).stdout).inSync).toBeUndefined();
  expect((await cli('plan', app, ...ON)).stdout).toContain('ApplyOutOfSyncOnly=true without --live: no object is in the cluster yet, so every resource is out of sync and applied');
  expect(JSON.parse((await cli('plan', app, ...ON, '-f', 'json')).stdout).inSync).toEqual([]);
});

test('the step left is the last one: not awaited, no delay after it, as Argo CD picks finalWave from what is left', async () => {
  // Wave 0 in sync, a Deployment in wave 1 changed, a ConfigMap in wave 2 in sync: only wave 1 runs, and as the
  // last step left it is not health-checked (no hooks), so its Deployment is waited on by nothing.
  const deploy = (image: string) => `apiVersion: apps/v1
kind: Deployment
metadata: { name: web, namespace: shop, annotations: { argocd.argoproj.io/sync-wave: "1" } }
spec: { selector: { matchLabels: { app: web } }, template: { metadata: { labels: { app: web } }, spec: { containers: [{ name: web, image: ${image} }] } } }
`;
  const app = file('app3.yaml', [cm('cfg', '1'), deploy('web:2'), cm('later', '2', '2')].join('---\n'));
  const live = file('live3.yaml', [cm('cfg', '1'), deploy('web:1'), cm('later', '2', '2')].join('---\n'));
  const plan = JSON.parse((await cli('plan', app, '--live', live, ...ON, '-f', 'json')).stdout);
  expect(plan.steps.map((s: any) => s.wave)).toEqual([0, 1, 2]);
  expect(plan.time).toMatchObject({ minimumSeconds: 0, delays: 0, criticalPath: [{ step: 1, wave: 1, delaySeconds: 0, waitsOn: [] }] });
  const simulated = JSON.parse((await cli('simulate', app, '--live', live, ...ON, '-f', 'json')).stdout);
  expect(simulated.minimumSeconds).toBe(0);
});

test('a cdk8s dist: each chart file\'s plan says what it leaves out and times the sync that runs', async () => {
  const out = join(dir(), 'dist');
  mkdirSync(out);
  writeFileSync(join(out, '0000-config.k8s.yaml'), APP);
  writeFileSync(join(out, '0001-other.k8s.yaml'), cm('other', 'x'));
  const args = [out, '--live', file('live4.yaml', LIVE), ...ON];
  const json = JSON.parse((await cli('plan', ...args, '-f', 'json')).stdout);
  expect(json.applications.map((a: any) => [basename(a.file), a.inSync, a.time.delays])).toEqual([
    ['0000-config.k8s.yaml', ['ConfigMap/cfg', 'ConfigMap/later'], 0],
    ['0001-other.k8s.yaml', [], 0],
  ]);
  expect((await cli('plan', ...args)).stdout).toContain('In sync with --live, so not applied (ApplyOutOfSyncOnly=true): 2 resources');
});

test('report times the same sync as plan: its minimum-time card counts no step the filter leaves out', async () => {
  const args = [file('app5.yaml', APP), '--live', file('live5.yaml', LIVE), ...ON];
  const out = join(dir(), 'report.html');
  expect((await cli('report', ...args, '--out', out)).code).toBe(0);
  const plain = join(dir(), 'report-all.html');
  await cli('report', file('app6.yaml', APP), '--out', plain);
  // Two waves (0 and 2): 2 s with every step, 0 s when wave 2 holds only resources in sync.
  const card = (path: string) => /<div class="card" id="card-time"><b>([^<]+)<\/b>/.exec(readFileSync(path, 'utf8'))?.[1];
  expect([card(out), card(plain)]).toEqual(['0 s', '2 s']);
});
