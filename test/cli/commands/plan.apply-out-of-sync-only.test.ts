/**
 * `syncplan plan --live --sync-option ApplyOutOfSyncOnly=true`: what a sync starting now leaves out,
 * per step, as `simulate` replays it (gitops-engine `filterOutOfSyncTasks`, `TestSync_ApplyOutOfSyncOnly`;
 * the model: src/argo/simulate/apply-out-of-sync-only.ts). The steps themselves stay as Argo CD builds them.
 */
import { writeFileSync } from 'fs';
import { join } from 'path';
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
    + '  Sync wave 2: ConfigMap/later -n shop: the whole step, so no step on this sync (no health wait, no wave delay; the time below counts it)\n');
  const plan = JSON.parse((await cli('plan', ...args, '-f', 'json')).stdout);
  const simulated = JSON.parse((await cli('simulate', ...args, '-f', 'json')).stdout);
  expect(plan.inSync).toEqual(['ConfigMap/cfg', 'ConfigMap/later']);
  expect(plan.inSync).toEqual(simulated.inSync);
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
