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
});
