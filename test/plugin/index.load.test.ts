/**
 * What importing the library loads: every `cdk8s synth` of an app that uses the constructs pays
 * for it, and the plugin's YAML reader and option checks (the CLI's `yaml` and `commander`) are
 * needed only when the cdk8s CLI runs the plugin. Runs the compiled package (lib/), as a cdk8s app
 * loads it.
 */
import { spawnSync } from 'child_process';
import { join, relative, sep } from 'path';

const ROOT = join(__dirname, '..', '..');

/** The modules loaded after `require(lib)` and then `then` (a script), relative to the root. */
function loadedBy(then = ''): string[] {
  const script = `require('cdk8s'); const before = new Set(Object.keys(require.cache));
    const lib = require(${JSON.stringify(join(ROOT, 'lib'))}); ${then}
    process.stdout.write(JSON.stringify(Object.keys(require.cache).filter((k) => !before.has(k))));`;
  const r = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return (JSON.parse(r.stdout) as string[]).map((f) => relative(ROOT, f).split(sep).join('/'));
}

const CLI_ONLY = (f: string) => /^node_modules\/(yaml|commander)\//.test(f) || f.startsWith('lib/cli/');

test('importing the library loads neither the CLI nor its YAML parser', () => {
  const loaded = loadedBy();
  expect(loaded).toContain('lib/plugin/validation.js');
  expect(loaded.filter(CLI_ONLY)).toEqual([]);
});

test('the plugin loads the option checks when its settings name sync options to check', () => {
  // Settings with a sync option to check load the option checks, which refuse a wrong one.
  const loaded = loadedBy('try { new lib.SyncPlanValidation({ syncOptions: [\'prunelast=true\'] }); } catch (e) { if (!/prunelast=true: not an Application sync option/.test(e.message)) throw e; }');
  expect(loaded).toContain('lib/cli/app-options.js');
  expect(loaded).toContain('node_modules/commander/index.js');
});
