/**
 * `--argocd-version` end to end through the CLI entry point: the help documents it with the modelled
 * versions, and the output changes where Argo CD's did (src/argo/versions.ts; the upstream tests are
 * named in test/argo/simulate/sync-loop.versions.test.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { cli } from '../run-cli';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'syncplan-versions-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const pod = (name: string, annotations: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
  annotations:
${annotations}
spec:
  containers:
    - name: main
      image: registry.internal/tools:1.0.0
`;

const twoSyncHooks = () => file('hooks.yaml', `${pod('hook', '    argocd.argoproj.io/hook: Sync')}---\n${pod('invalid-hook', '    argocd.argoproj.io/hook: Sync')}`);

describe('--argocd-version', () => {
  test.each(['plan', 'simulate'])('syncplan %s --help documents it with the modelled versions, and where the wave delay is set', async (command) => {
    const r = await cli(command, '--help');
    expect(r.code).toBe(0);
    const help = r.stdout.replace(/\s+/g, ' ');
    expect(help).toContain('--argocd-version <version> the Argo CD version to model, 2.14 to 3.6 (default: 3.6)');
    expect(help).toContain("argocd-cmd-params-cm controller.sync.wave.delay.seconds since Argo CD 3.2; the application controller's ARGOCD_SYNC_WAVE_DELAY before");
  });

  test('a failed apply beside a running hook: 3.4 waits for the hook (exit 1, Running), 3.3 fails at once', async () => {
    const args = ['simulate', twoSyncHooks(), '--namespace', 'app', '--health', 'Pod/hook=Progressing', '--apply-error', 'Pod/invalid-hook=Pod "invalid-hook" is invalid', '--format', 'json'];
    const since = await cli(...args, '--argocd-version', '3.4');
    expect(since.code).toBe(1);
    expect(JSON.parse(since.stdout).message).toBe('waiting for completion of hook /Pod/hook');
    const before = await cli(...args, '--argocd-version', '3.3.2');
    expect(before.code).toBe(1);
    expect(JSON.parse(before.stdout)).toMatchObject({ operationPhase: 'Failed', message: 'one or more objects failed to apply, reason: Pod "invalid-hook" is invalid' });
  });

  test('--sync-option Prune=false before 3.4 is refused in one line (Argo CD would ignore it), accepted from 3.4', async () => {
    const input = file('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n');
    const refused = await cli('simulate', input, '--sync-option', 'Prune=false', '--argocd-version', '3.3');
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toContain('--sync-option Prune=false: Argo CD reads Prune= in the Application\'s syncOptions since 3.4; 3.3 ignores it');
    expect((await cli('simulate', input, '--sync-option', 'Prune=false', '--argocd-version', '3.4')).code).toBe(0);
  });

  test('plan names the wave delay\'s setting of the version', async () => {
    const input = file('waves.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\n  annotations:\n    argocd.argoproj.io/sync-wave: "1"\n');
    expect((await cli('plan', input, '--argocd-version', '3.1')).stdout).toContain('(1 wave delay × 2 s, ARGOCD_SYNC_WAVE_DELAY)');
    expect((await cli('plan', input)).stdout).toContain('(1 wave delay × 2 s, controller.sync.wave.delay.seconds)');
  });

  // argo-cd resource_customizations/batch/CronJob/health.lua is in v3.2.0, not in v3.1.0 (test/argo/health-lua.test.ts).
  describe('a CronJob before a later wave: its built-in Lua health check is 3.2\'s', () => {
    const waves = () => file('cron-waves.yaml', `apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "0 3 * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
            - name: main
              image: registry.internal/tools:1.0.0
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: after
  annotations:
    argocd.argoproj.io/sync-wave: "1"
`);
    // An argocd-cm without health scripts: Argo CD's built-in checks are all there is.
    const cm = () => file('argocd-cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: argocd-cm\n  namespace: argocd\ndata:\n  url: https://argocd.example.com\n');

    test('plan: 3.2 waits for the CronJob to be Healthy, 3.1 does not wait', async () => {
      const since = await cli('plan', waves(), '--argocd-version', '3.2');
      expect(since.stdout).toContain('-> waits for: CronJob/nightly Healthy, then the wave delay');
      const before = await cli('plan', waves(), '--argocd-version', '3.1');
      expect(before.stdout).toContain('-> waits for: nothing, no resource here has a health check, then the wave delay');
      expect(before.stdout).not.toContain('CronJob/nightly Healthy');
      // The default is the latest.
      expect((await cli('plan', waves())).stdout).toContain('-> waits for: CronJob/nightly Healthy, then the wave delay');
    });

    test('simulate agrees: a Progressing CronJob holds the next wave under 3.2, not under 3.1', async () => {
      const args = ['simulate', waves(), '--namespace', 'app', '--argocd-cm', cm(), '--health', 'CronJob/nightly=Progressing', '--format', 'json'];
      const since = JSON.parse((await cli(...args, '--argocd-version', '3.2')).stdout);
      expect(since.operationPhase).toBe('Running');
      expect(since.applied.map((a: { name: string }) => a.name)).toEqual(['nightly']);
      const before = JSON.parse((await cli(...args, '--argocd-version', '3.1')).stdout);
      expect(before.operationPhase).toBe('Succeeded');
      expect(before.applied.map((a: { name: string; result: string }) => [a.name, a.result])).toEqual([['nightly', 'no health check'], ['after', 'no health check']]);
    });

    test('without --argocd-cm, a health named for it under 3.1 is simulated as argocd-cm would judge it, and the note names 3.2', async () => {
      const r = await cli('simulate', waves(), '--namespace', 'app', '--health', 'CronJob/nightly=Progressing', '--argocd-version', '3.1');
      expect(r.stdout).toContain('Simulated sync: Running (stalled)');
      expect(r.stdout).toContain('CronJob/nightly: Argo CD 3.1 has no built-in health check for CronJob (3.2 adds one); simulated as Progressing as if argocd-cm had one '
        + '(resource.customizations), without it the object counts as done once applied');
    });
  });
});
