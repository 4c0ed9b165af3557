/**
 * `syncplan simulate --delete` end to end through the CLI entry point: the text report, the JSON
 * shape, exit codes (0 Deleted, 1 Blocked or Waiting, 2 bad input), `--argocd-version`, `--live` and
 * `--deletion-approved`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { cli } from '../run-cli';

const EXAMPLE = join(__dirname, '..', '..', '..', 'examples', 'manifests', 'workflow-console.yaml');

const APP = `apiVersion: v1
kind: Namespace
metadata: { name: shop, annotations: { argocd.argoproj.io/sync-options: Delete=confirm } }
---
apiVersion: batch/v1
kind: Job
metadata: { name: backup, namespace: shop, annotations: { argocd.argoproj.io/hook: PreDelete, argocd.argoproj.io/sync-wave: "-1" } }
spec: { template: { spec: { restartPolicy: Never, containers: [{ name: b, image: busybox }] } } }
---
apiVersion: v1
kind: ConfigMap
metadata: { name: cfg, namespace: shop, annotations: { argocd.argoproj.io/sync-wave: "3", helm.sh/resource-policy: keep } }
---
apiVersion: v1
kind: Secret
metadata: { name: creds, namespace: shop, annotations: { argocd.argoproj.io/sync-wave: "3" } }
---
apiVersion: batch/v1
kind: Job
metadata: { name: notify, namespace: other, annotations: { helm.sh/hook: post-delete } }
spec: { template: { spec: { restartPolicy: Never, containers: [{ name: n, image: busybox }] } } }
`;

let dir: string;
let app: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'syncplan-simulate-delete-'));
  app = join(dir, 'app.yaml');
  writeFileSync(app, APP);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('syncplan simulate --delete', () => {
  test('the example app: its waves deleted from the highest down, exit 0', async () => {
    const r = await cli('simulate', '--delete', EXAMPLE, '--namespace', 'workflow');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Simulated deletion: Deleted (the Application is gone)');
    const waves = r.stdout.split('\n').filter(l => /^\d+\. Delete wave/.test(l));
    expect(waves).toEqual(['1. Delete wave 2', '2. Delete wave 1', '3. Delete wave 0']);
    // The hooks carry HookSucceeded: gone after the last successful sync, nothing to delete.
    expect(r.stdout).not.toContain('Job/');
  });

  test('a Delete=confirm Namespace: the PreDelete hook runs, then the whole cascade waits for the confirmation, exit 1', async () => {
    const r = await cli('simulate', '--delete', app);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Simulated deletion: Waiting');
    expect(r.stdout).toContain('1. PreDelete hooks\n  create Job/backup: created');
    expect(r.stdout).toContain('waiting for deletion confirmation of Namespace/shop');
    expect(r.stdout).not.toContain('Delete wave');
  });

  test('--deletion-approved: waves 3, 0 and -1 go (the hook too), the kept ConfigMap stays; the PostDelete hook runs and stays; JSON shape', async () => {
    const r = await cli('simulate', '--delete', app, '--deletion-approved', '--format', 'json');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(Object.keys(json)).toEqual(['outcome', 'message', 'events', 'waitingOn', 'leftInCluster', 'finalizersLeft', 'reconciles', 'notes']);
    expect(json.outcome).toBe('Deleted');
    expect(Object.keys(json.events[0])).toEqual(['reconcile', 'stage', 'wave', 'action', 'kind', 'name', 'namespace', 'result']);
    expect(json.events.map((e: any) => `${e.reconcile} ${e.stage} ${e.wave} ${e.action} ${e.kind}/${e.name}`)).toEqual([
      '1 PreDelete -1 create Job/backup',
      '2 Delete 3 delete Secret/creds',
      '3 Delete 0 delete Namespace/shop',
      '4 Delete -1 delete Job/backup',
      '5 PostDelete 0 create Job/notify',
    ]);
    expect(json.leftInCluster.map((k: any) => `${k.kind}/${k.name}`)).toEqual(['ConfigMap/cfg', 'Job/notify']);
    expect(json.finalizersLeft).toEqual([]);
  });

  test('--health on a hook: a failing PreDelete hook blocks the deletion with the DeletionError message, exit 1', async () => {
    const r = await cli('simulate', '--delete', app, '--health', 'Job/backup=Degraded');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Simulated deletion: Blocked (DeletionError, retried forever)');
    expect(r.stdout).toContain('condition DeletionError: error executing pre-delete hooks: PreDelete hook(s) failed: shop/backup');
  });

  test('--argocd-version 3.2: no PreDelete hooks, a note says so', async () => {
    const r = await cli('simulate', '--delete', app, '--deletion-approved', '--argocd-version', '3.2', '--format', 'json');
    const json = JSON.parse(r.stdout);
    expect(json.events.some((e: any) => e.stage === 'PreDelete')).toBe(false);
    expect(json.notes).toEqual(['Job/backup: Argo CD 3.2 runs no PreDelete hooks (since 3.3), so it is not run as a PreDelete hook']);
  });

  test('--live: the tracked live objects are what the cascade deletes', async () => {
    const live = join(dir, 'live.yaml');
    writeFileSync(live, 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: old, namespace: shop, annotations: { argocd.argoproj.io/tracking-id: "shop:/ConfigMap:shop/old" } }\n'
      + '---\napiVersion: v1\nkind: ConfigMap\nmetadata: { name: stray, namespace: shop }\n');
    const r = await cli('simulate', '--delete', EXAMPLE, '--namespace', 'shop', '--live', live, '--app-name', 'shop', '--format', 'json');
    const json = JSON.parse(r.stdout);
    expect(json.events.map((e: any) => `${e.kind}/${e.name}`)).toEqual(['ConfigMap/old']);
  });

  test('bad input: an unknown --health handle, --apply-error: one line, exit 2', async () => {
    const unknown = await cli('simulate', '--delete', app, '--health', 'Job/nope=Degraded');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toBe('syncplan: --health Job/nope: not an object of this deletion (KIND/NAME of a live object or a PreDelete/PostDelete hook, case-sensitive)\n');
    const applyError = await cli('simulate', '--delete', app, '--apply-error', 'Job/backup=denied');
    expect(applyError.code).toBe(2);
    expect(applyError.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  });

  test('--help documents --delete and --deletion-approved', async () => {
    const r = await cli('simulate', '--help');
    expect(r.stdout).toContain('--delete');
    expect(r.stdout).toContain('--deletion-approved');
  });
});

describe('--no-cascade and --deletion-approved on a sync', () => {
  test('--no-cascade: the hooks run, the objects stay; without --delete it is refused', async () => {
    const r = await cli('simulate', '--delete', '--no-cascade', app, '--format', 'json');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.events.every((e: any) => e.stage !== 'Delete')).toBe(true);
    expect(json.leftInCluster.map((k: any) => k.name)).toEqual(['shop', 'creds', 'cfg', 'backup', 'notify']);
    const refused = await cli('simulate', '--no-cascade', app);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe('syncplan: --no-cascade needs --delete: a sync has no cascade\n');
  });

  test('--deletion-approved confirms a Prune=confirm prune of a sync too', async () => {
    const live = join(dir, 'prune-live.yaml');
    writeFileSync(live, 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: old, namespace: workflow, annotations: '
      + '{ argocd.argoproj.io/sync-options: Prune=confirm, argocd.argoproj.io/tracking-id: "wf:/ConfigMap:workflow/old" } }\n');
    const args = ['simulate', EXAMPLE, '--namespace', 'workflow', '--live', live, '--format', 'json'];
    const waiting = JSON.parse((await cli(...args)).stdout);
    expect(waiting.operationPhase).toBe('Running');
    const approved = JSON.parse((await cli(...args, '--deletion-approved')).stdout);
    expect(approved.operationPhase).toBe('Succeeded');
    expect(approved.applied.some((a: any) => a.action === 'prune' && a.name === 'old')).toBe(true);
  });
});

test('a cdk8s dist (one Application per chart file) is refused unless --single-app', async () => {
  const dist = join(dir, 'dist');
  mkdirSync(dist);
  writeFileSync(join(dist, 'db.k8s.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: db }\n');
  writeFileSync(join(dist, 'web.k8s.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: web, annotations: { argocd.argoproj.io/sync-wave: "1" } }\n');
  const refused = await cli('simulate', '--delete', dist);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toBe('syncplan: --delete replays one Application, and this cdk8s dist is one per chart file: give one chart file, or --single-app\n');
  const single = await cli('simulate', '--delete', dist, '--single-app', '--format', 'json');
  expect(single.code).toBe(0);
  expect(JSON.parse(single.stdout).events.map((e: any) => e.name)).toEqual(['web', 'db']);
});
