/**
 * `npm pack` of this repository (lib/ must be compiled: the test task compiles first), once per
 * jest worker: the install-journey and contents tests share the tarball.
 */
import { execFileSync } from 'child_process';
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

export const ROOT = join(__dirname, '..', '..');
/** The shared install cdk8s, constructs, cdk8s-plus-33, typescript and cdk8s-cli come from (offline). */
export const NODE_MODULES = join(ROOT, 'node_modules');

let packed: { dir: string; tarball: string; files: string[] } | undefined;

export function pack(): { dir: string; tarball: string; files: string[] } {
  if (packed) return packed;
  const dir = mkdtempSync(join(tmpdir(), 'syncplan-pack-'));
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dir, '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
  const [info] = JSON.parse(out) as Array<{ filename: string; files: Array<{ path: string }> }>;
  packed = { dir, tarball: join(dir, info.filename), files: info.files.map((f) => f.path).sort() };
  return packed;
}
