/**
 * The compiled CLI run on test/fixtures/app-project (a parent applying AppProject team, whose child
 * web ships its Namespace), for the tests of `lint` and `plan` with `--repo-root`.
 */
import { spawnSync } from 'child_process';
import { join } from 'path';

export const ROOT = join(__dirname, '..', '..', '..');
const BIN = join(ROOT, 'lib', 'cli', 'main.js');
export const FIXTURE = join('test', 'fixtures', 'app-project');
export const PARENT = join(FIXTURE, 'dist', 'platform.k8s.yaml');

/** The compiled CLI run from the repository's root. */
export function syncplan(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
