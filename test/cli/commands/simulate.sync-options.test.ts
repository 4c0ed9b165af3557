/**
 * `syncplan simulate` with ApplyOutOfSyncOnly=true and --live, and with --retry-limit, end to end through the CLI
 * (the model: test/argo/simulate/apply-out-of-sync-only.test.ts, retry.test.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { cli } from '../run-cli';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'syncplan-simulate-options-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const APP = `apiVersion: apps/v1
kind: Deployment
metadata: { name: api, namespace: shop }
spec: { replicas: 2 }
---
apiVersion: v1
kind: ConfigMap
metadata: { name: flags, namespace: shop, annotations: { argocd.argoproj.io/sync-wave: "1" } }
data: { beta: "on" }
`;

// The Deployment as the cluster has it: what the manifest sets, plus what the API server added.
const LIVE = JSON.stringify({
  apiVersion: 'v1',
  kind: 'List',
  items: [{ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api', namespace: 'shop', uid: 'a1', generation: 4 }, spec: { replicas: 2, revisionHistoryLimit: 10 }, status: { replicas: 2 } }],
});

describe('syncplan simulate --sync-option ApplyOutOfSyncOnly=true', () => {
  test('the Deployment in sync is not applied, so its Progressing health holds nothing (TestSync_ApplyOutOfSyncOnly)', async () => {
    const args = [file('app.yaml', APP), '--live', file('live.json', LIVE), '--health', 'Deployment/api=Progressing'];
    const plain = await cli('simulate', ...args);
    expect(plain.code).toBe(1);
    const r = await cli('simulate', ...args, '--sync-option', 'ApplyOutOfSyncOnly=true');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('In sync, not applied (ApplyOutOfSyncOnly=true): Deployment/api');
    expect(r.stdout).toContain('Wave delays slept: 0 s');
    const json = JSON.parse((await cli('simulate', ...args, '--sync-option', 'ApplyOutOfSyncOnly=true', '--format', 'json')).stdout);
    expect(json.inSync).toEqual(['Deployment/api']);
    expect(json.applied.map((a: any) => a.name)).toEqual(['flags']);
  });

  test('--help says what "in sync" means', async () => {
    const r = await cli('simulate', '--help');
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(/ApplyOutOfSyncOnly=true.*--live/);
  });
});

describe('syncplan simulate --retry-limit', () => {
  test('the same apply error every attempt: Failed after limit + 1 attempts, Argo CD\'s final message, the backoff slept', async () => {
    const r = await cli('simulate', file('app2.yaml', APP), '--apply-error', 'ConfigMap/flags=denied', '--retry-limit', '2', '--retry-backoff-duration', '1m', '--format', 'json');
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(json.message).toBe('one or more objects failed to apply, reason: denied (retried 2 times).');
    expect(json.attempts.map((a: any) => a.backoffSeconds ?? null)).toEqual([60, 120, null]);
    expect(json.retryBackoffSeconds).toBe(180);
    expect(json.minimumSeconds).toBe(6);
  });

  test('-1 retries forever: the sync never ends (exit 1) and a note says how many attempts were simulated', async () => {
    const r = await cli('simulate', file('app3.yaml', APP), '--apply-error', 'ConfigMap/flags=denied', '--retry-limit', '-1');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Retrying attempt #10');
    expect(r.stdout).toMatch(/retries forever; 10 attempts simulated/);
  });

  test('bad values are one line, exit 2', async () => {
    const noLimit = await cli('simulate', file('app4.yaml', APP), '--retry-backoff-factor', '3');
    expect(noLimit.code).toBe(2);
    expect(noLimit.stderr.trim().split('\n')).toHaveLength(1);
    expect(noLimit.stderr).toContain('give --retry-limit N too');
    const badDuration = await cli('simulate', file('app5.yaml', APP), '--retry-limit', '1', '--retry-backoff-max-duration', 'later');
    expect(badDuration.code).toBe(2);
    expect(badDuration.stderr).toMatch(/--retry-backoff-max-duration later: Argo CD cannot read it as a duration/);
    const badLimit = await cli('simulate', file('app6.yaml', APP), '--retry-limit', 'many');
    expect(badLimit.code).toBe(2);
  });
});

describe('syncplan simulate: Replace, Force, ServerSideApply, Validate', () => {
  test('the results carry the kubectl call Argo CD makes (TestSync_Replace, TestSync_ServerSideApply)', async () => {
    const text = `apiVersion: v1
kind: ConfigMap
metadata: { name: a, namespace: shop, annotations: { argocd.argoproj.io/sync-options: Replace=true } }
---
apiVersion: v1
kind: ConfigMap
metadata: { name: b, namespace: shop, annotations: { argocd.argoproj.io/sync-options: ServerSideApply=true } }
`;
    const r = await cli('simulate', file('methods.yaml', text), '--format', 'json');
    expect(JSON.parse(r.stdout).results.map((x: any) => x.message)).toEqual(['configmap/a created', 'configmap/b serverside-applied']);
  });

  test('--sync-option Force=true is refused: Argo CD reads it from the objects only; --force is the sync\'s own', async () => {
    const refused = await cli('simulate', file('force.yaml', APP), '--sync-option', 'Force=true');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/Force.*annotation only.*--force/);
    const forced = await cli('simulate', file('force2.yaml', APP), '--force');
    expect(forced.code).toBe(0);
  });

  test('--sync-option Validate=false says what it does not lift', async () => {
    const r = await cli('simulate', file('validate.yaml', APP), '--sync-option', 'Validate=false');
    expect(r.stdout).toContain('Validate=false only turns off kubectl\'s client-side schema validation');
  });
});
