/**
 * `syncplan simulate` end to end through the CLI entry point: synopsis, JSON shape, exit codes,
 * one-line errors.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { cli } from '../run-cli';

const EXAMPLE = join(__dirname, '..', '..', '..', 'examples', 'manifests', 'workflow-console.yaml');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'syncplan-simulate-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('syncplan simulate', () => {
  test('the article case: wave 1 Progressing on a failing readiness probe → Running, exit 1', async () => {
    const r = await cli('simulate', EXAMPLE, '--namespace', 'workflow', '--health', 'Deployment/workflow-console=Progressing');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Simulated sync: Running (stalled)');
    expect(r.stdout).toContain('message: waiting for healthy state of apps/Deployment/workflow-console');
    expect(r.stdout).toContain('Sync wave 1 (step 3) is Progressing on Deployment/workflow-console');
    expect(r.stdout).toContain('Never applied: Service/workflow-console, Ingress/workflow-console, Job/smoke-test');
    // The README shows this output verbatim.
    expect(r.stdout).toMatchSnapshot();
  });

  test('all healthy → Succeeded, exit 0; JSON has exactly the documented shape', async () => {
    const r = await cli('simulate', EXAMPLE, '--format', 'json', '--wave-delay', '5');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(Object.keys(json)).toEqual(['operationPhase', 'message', 'applied', 'neverApplied', 'waitingOn', 'hooksLeftInCluster', 'results', 'minimumSeconds']);
    expect(json.operationPhase).toBe('Succeeded');
    expect(json.message).toBe('successfully synced (no more tasks)');
    expect(Object.keys(json.applied[0])).toEqual(['step', 'phase', 'wave', 'kind', 'name', 'namespace', 'action', 'result']);
    expect(Object.keys(json.results[0])).toEqual(['kind', 'name', 'namespace', 'status', 'message']);
    expect(json.applied.map((a: any) => `${a.phase}/${a.wave} ${a.kind}/${a.name}`)).toEqual([
      'PreSync/0 Job/db-migrate',
      'Sync/0 Secret/workflow-console-db',
      'Sync/0 ConfigMap/workflow-console-config',
      'Sync/1 Deployment/workflow-console',
      'Sync/2 Service/workflow-console',
      'Sync/2 Ingress/workflow-console',
      'PostSync/0 Job/smoke-test',
    ]);
    // Both Jobs carry HookSucceeded: deleted after the successful sync.
    expect(json.hooksLeftInCluster).toEqual([]);
    expect(json.minimumSeconds).toBe(20);
  });

  test('a Degraded Deployment: Failed, PostSync smoke test never runs, exit 1', async () => {
    const r = await cli('simulate', EXAMPLE, '-f', 'json', '--health', 'Deployment/workflow-console=Degraded');
    const json = JSON.parse(r.stdout);
    expect(r.code).toBe(1);
    expect(json.operationPhase).toBe('Failed');
    expect(json.neverApplied).toContain('Job/smoke-test');
    // HookSucceeded is judged on the operation: the migration Job stays after a failed sync.
    expect(json.hooksLeftInCluster).toEqual(['Job/db-migrate']);
  });

  test('--apply-error, --live with --prune-last and --no-prune', async () => {
    const target = file('target.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: new\n');
    // Tracked as an app's (annotation tracking, Argo CD 3.0+'s default): only then is it pruned.
    const live = file('live.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: old\n  annotations:\n    argocd.argoproj.io/tracking-id: shop:/ConfigMap:default/old\n');
    const pruned = JSON.parse((await cli('simulate', target, '--live', live, '--prune-last', '-f', 'json')).stdout);
    expect(pruned.applied.map((a: any) => [a.name, a.action, a.wave, a.result])).toEqual([['new', 'apply', 0, 'no health check'], ['old', 'prune', 1, 'pruned']]);
    const skipped = JSON.parse((await cli('simulate', target, '--live', live, '--no-prune', '-f', 'json')).stdout);
    expect(skipped.results).toContainEqual({ kind: 'ConfigMap', name: 'old', namespace: '', status: 'PruneSkipped', message: 'ignored (requires pruning)' });
    const failed = await cli('simulate', target, '--apply-error', 'ConfigMap/new=denied by policy', '-f', 'json');
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout).message).toBe('one or more objects failed to apply, reason: denied by policy');
  });

  test('a CR without its CRD fails validation on a fresh cluster; --installed-crd and --sync-option change that', async () => {
    const cr = file('cr.yaml', 'apiVersion: monitoring.coreos.com/v1\nkind: ServiceMonitor\nmetadata:\n  name: web\n');
    const fresh = JSON.parse((await cli('simulate', cr, '-f', 'json')).stdout);
    expect(fresh.message).toMatch(/^one or more synchronization tasks are not valid: failed to discover server resources for group version monitoring.coreos.com\/v1/);
    expect(fresh.applied).toEqual([]);
    expect((await cli('simulate', cr, '--installed-crd', 'monitoring.coreos.com/ServiceMonitor')).code).toBe(0);
    const skip = JSON.parse((await cli('simulate', cr, '--sync-option', 'SkipDryRunOnMissingResource=true', '-f', 'json')).stdout);
    expect(skip.message).toContain('no matches for kind "ServiceMonitor"');
  });

  test('bad input: one line on stderr, exit 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--health', 'Deployment/workflow-console=Broken'], /unknown health "Broken"/],
      [['--health', 'workflow-console=Progressing'], /expected KIND\/NAME=VALUE/],
      [['--health', 'Deployment/nope=Progressing'], /Deployment\/nope is not a task of this sync/],
      [['--apply-error', 'Deployment/workflow-console='], /give the error message/],
      [['--sync-option', 'prunelast=true'], /not an Application sync option/],
      [['--installed-crd', 'ServiceMonitor'], /expected GROUP\/KIND/],
      [['--wave-delay', '1.5'], /expected whole seconds/],
    ];
    for (const [args, pattern] of cases) {
      const r = await cli('simulate', EXAMPLE, ...args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(pattern);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  test('a health for a kind without health check is honoured, with a note', async () => {
    const r = await cli('simulate', EXAMPLE, '--health', 'ConfigMap/workflow-console-config=Progressing');
    expect(r.stdout).toContain('message: waiting for healthy state of /ConfigMap/workflow-console-config');
    expect(r.stdout).toContain('Notes\n  ConfigMap/workflow-console-config: Argo CD has no built-in health check for ConfigMap');
  });

  test('same input, byte-identical output', async () => {
    const a = await cli('simulate', EXAMPLE, '--health', 'Job/db-migrate=Degraded');
    const b = await cli('simulate', EXAMPLE, '--health', 'Job/db-migrate=Degraded');
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toContain('PreSync wave 0 (step 1) failed on Job/db-migrate: failed (Degraded: Job has reached the specified backoff limit)');
  });
});
