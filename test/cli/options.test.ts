/** Options every command shares (src/cli/options.ts): checked when parsed, refused in one line with the fix. */
import { writeFileSync } from 'fs';
import { join } from 'path';
import { tempDirEach } from './helpers';
import { cli } from './run-cli';
import { parseRepoRoot } from '../../src/cli/options';

const EXAMPLE = join(__dirname, '..', '..', 'examples', 'manifests', 'workflow-console.yaml');
const tmp = tempDirEach('syncplan-options');

describe('--repo-root: a folder, or bad usage before anything is read', () => {
  test('a folder is taken as given', () => {
    expect(parseRepoRoot(tmp())).toBe(tmp());
    expect(parseRepoRoot('.')).toBe('.');
  });

  test.each([
    ['plan', []],
    ['lint', []],
    ['simulate', []],
    ['diagram', []],
    ['report', ['--out', 'REPORT']],
  ])('%s: a missing folder, a file or an empty value: exit 2, one line, nothing on stdout (even when the input has no child Application)', async (command, extra) => {
    const file = join(tmp(), 'root.yaml');
    writeFileSync(file, 'x: 1\n');
    const args = extra.map(a => (a === 'REPORT' ? join(tmp(), 'report.html') : a));
    for (const [root, what] of [[join(tmp(), 'missing'), 'no such folder'], [file, 'a file, not a folder'], ['', 'no such folder']]) {
      const r = await cli(command, EXAMPLE, ...args, '--repo-root', root);
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toBe(`syncplan: option '--repo-root <dir>' argument '${root}' is invalid. ${what}: give the checkout that holds the child Applications' source paths, e.g. --repo-root .\n`);
    }
  });
});

describe('the manifests read', () => {
  test('a cdk8s dist the validation plugin was run on: its construct-metadata.json is left out with a note on stderr, the plan and lint are the charts\'', async () => {
    // `cdk8s synth` with validations in cdk8s.yaml writes it into dist/ (README: `npx syncplan plan dist/`).
    const dist = tmp();
    writeFileSync(join(dist, 'web.k8s.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n');
    writeFileSync(join(dist, 'construct-metadata.json'), JSON.stringify({ version: '1.0.0', resources: { settings: { path: 'web/settings' } } }));
    const note = `syncplan: ${join(dist, 'construct-metadata.json')}: not read: the cdk8s CLI's construct metadata`;
    for (const command of ['plan', 'lint', 'simulate']) {
      const r = await cli(command, dist);
      expect([command, r.code]).toEqual([command, 0]);
      expect(r.stderr.startsWith(note)).toBe(true);
      expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    }
    expect((await cli('plan', dist)).stdout).toContain('ConfigMap/settings');
  });
});
