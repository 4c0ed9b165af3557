/**
 * The user's path, from the packed tarball: a fresh cdk8s TypeScript app in a temporary folder
 * installs cdk8s-syncplan (offline: cdk8s, constructs and cdk8s-plus-33 are linked from this
 * repository's install), writes the article's rollout with the public API and cdk8s-plus-33 (the
 * example app, its imports switched to the package), compiles it with tsc, runs `cdk8s synth`
 * with the validation plugin in cdk8s.yaml, then the installed `syncplan plan` and `lint`.
 */
import { spawnSync, SpawnSyncReturns } from 'child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { join } from 'path';
import { NODE_MODULES, pack, ROOT } from './pack';

jest.setTimeout(300_000);

const ENV = { ...process.env, CDK8S_CHECK_UPGRADE: 'false', FORCE_COLOR: '0', npm_config_audit: 'false', npm_config_fund: 'false' };

function run(cwd: string, command: string, args: string[]): SpawnSyncReturns<string> {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: ENV });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r;
}

/** The example app, written as a user writes it: imports from the package and cdk8s-plus-33. */
function userChart(): string {
  const example = readFileSync(join(ROOT, 'examples', 'workflow-console', 'chart.ts'), 'utf8');
  const chart = example.replace("from '../../src'", "from 'cdk8s-syncplan'").replace("from 'cdk8s-plus-27'", "from 'cdk8s-plus-33'");
  expect(chart).toContain("from 'cdk8s-syncplan'");
  expect(chart).toContain("from 'cdk8s-plus-33'");
  return chart;
}

describe('install journey', () => {
  let app: string;
  afterAll(() => app && rmSync(app, { recursive: true, force: true }));

  test('npm install the tarball, cdk8s synth, syncplan plan and lint', () => {
    const { dir, tarball } = pack();
    app = join(dir, 'my-app');
    mkdirSync(app);
    const link = (name: string) => `file:${join(NODE_MODULES, name)}`;
    writeFileSync(join(app, 'package.json'), JSON.stringify({
      name: 'my-app',
      version: '1.0.0',
      private: true,
      dependencies: { 'cdk8s': link('cdk8s'), 'constructs': link('constructs'), 'cdk8s-plus-33': link('cdk8s-plus-33'), 'cdk8s-syncplan': `file:${tarball}` },
    }, null, 2));
    run(app, 'npm', ['install', '--offline', '--ignore-scripts', '--no-audit', '--no-fund']);

    // What `cdk8s init typescript-app` writes, reduced to what synth needs.
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        target: 'ES2020',
        module: 'commonjs',
        lib: ['es2020'],
        strict: true,
        declaration: false,
        esModuleInterop: true,
        skipLibCheck: false,
        types: [],
        outDir: 'out',
      },
      include: ['*.ts'],
    }));
    writeFileSync(join(app, 'chart.ts'), userChart());
    writeFileSync(join(app, 'main.ts'), [
      "import { App } from 'cdk8s';",
      "import { WorkflowConsoleChart } from './chart';",
      'const app = new App();',
      "new WorkflowConsoleChart(app, 'workflow-console');",
      'app.synth();',
      '',
    ].join('\n'));
    writeFileSync(join(app, 'cdk8s.yaml'), [
      'language: typescript',
      'app: node out/main.js',
      'validations:',
      '  - package: ./node_modules/cdk8s-syncplan',
      '    class: SyncPlanValidation',
      '    version: 0.1.0',
      '',
    ].join('\n'));
    // skipLibCheck false: the package's own .d.ts files type-check in the user's app.
    run(app, process.execPath, [join(NODE_MODULES, 'typescript', 'bin', 'tsc'), '-p', '.']);
    const synth = run(app, process.execPath, [join(NODE_MODULES, 'cdk8s-cli', 'bin', 'cdk8s'), 'synth']);
    expect(synth.stdout).toContain('Validations ended succesfully'); // sic: cdk8s-cli's spelling
    expect(synth.stdout).toMatch(/Status +│ success/);

    // The README's first step, on the folder: with the plugin in cdk8s.yaml, cdk8s synth writes its
    // construct-metadata.json there too, which is left out with a note, not refused.
    const metadataNote = /^syncplan: dist\/construct-metadata\.json: not read: the cdk8s CLI's construct metadata .*\n$/;
    const planned = run(app, 'npx', ['--offline', '--no-install', 'syncplan', 'plan', 'dist/']);
    expect(planned.stderr).toMatch(metadataNote);
    const plan = planned.stdout;
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    // The same rollout as the repository's example (README's Quick start), from plus-33 objects.
    const summary = plan.split('\n')[0];
    expect(summary).toBe('Sync plan: 4 steps, 6 tasks (2 hooks), 1 SyncFail hook, 0 excluded, 0 errors');
    expect(readme).toContain(summary);
    expect(plan).toContain('Job/db-migrate');
    expect(plan).toContain('Job/workflow-console-smoke');

    const lint = spawnSync('npx', ['--offline', '--no-install', 'syncplan', 'lint', 'dist/'], { cwd: app, encoding: 'utf8', env: ENV });
    expect(lint.stderr).toMatch(metadataNote);
    expect(lint.status).toBe(0);
  });
});
