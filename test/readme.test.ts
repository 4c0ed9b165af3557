/**
 * The README shows real output: every `$ npm run --silent syncplan -- …` block and the Quick start's
 * plan of the example app must be exactly what the CLI prints today.
 */
import { spawnSync } from 'child_process';
import { mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { App } from 'cdk8s';
import * as ts from 'typescript';
import { WorkflowConsoleChart } from '../examples/workflow-console/chart';

jest.setTimeout(60_000);

const ROOT = join(__dirname, '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const PROMPT = '$ npm run --silent syncplan -- ';

function syncplan(args: string[], cwd = ROOT): string {
  const r = spawnSync(process.execPath, [join(ROOT, 'lib', 'cli', 'main.js'), ...args], { cwd, encoding: 'utf8' });
  return r.stdout.replace(/\n$/, '');
}

/** The fenced blocks whose first line is a syncplan command: [args, the output shown under it]. */
function commandBlocks(): Array<[string, string]> {
  const blocks = [...README.matchAll(/^```\w*\n([\s\S]*?)^```$/gm)].map(m => m[1].replace(/\n$/, ''));
  return blocks
    .filter(b => b.startsWith(PROMPT))
    .map(b => [b.split('\n')[0].slice(PROMPT.length), b.split('\n').slice(1).join('\n')]);
}

test('the README shows at least the plan and the simulate examples', () => {
  expect(commandBlocks().map(([args]) => args.split(' ')[0])).toEqual(expect.arrayContaining(['plan', 'simulate']));
});

test.each(commandBlocks())('README: syncplan %s', (args, shown) => {
  expect(syncplan(args.split(' '))).toBe(shown);
});

test('Quick start: the plan `npm run demo` prints for the example app, and its diagram', () => {
  const shown = README.split('Line 1 prints:')[1].match(/```\n([\s\S]*?)\n```/)![1];
  const dir = mkdtempSync(join(tmpdir(), 'syncplan-readme-'));
  try {
    // As examples/workflow-console/main.ts synthesizes it (app.synth, which resolves cdk8s's
    // dependencies into the output, unlike Testing.synth).
    const app = new App({ outdir: dir });
    new WorkflowConsoleChart(app, 'workflow-console');
    app.synth();
    const file = join(dir, 'workflow-console.k8s.yaml');
    expect(syncplan(['plan', file])).toBe(shown);
    // The Mermaid diagram of the same app, as GitHub renders it.
    const mermaid = README.match(/^```mermaid\n([\s\S]*?)\n^```$/m)![1];
    expect(syncplan(['diagram', file, '--format', 'mermaid'])).toBe(mermaid);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('Write intent: the example compiles as written in the app `cdk8s init typescript-app` makes (its tsconfig has noUnusedLocals)', () => {
  const example = README.split('## Write intent, not wave numbers')[1].match(/```ts\n([\s\S]*?)```/)![1];
  // As jsii-rosetta assembles it: the example's imports, then the fixture with the rest at `/// here`;
  // the package as installed is its compiled lib/.
  const lines = example.split('\n');
  const imports = lines.filter(l => l.startsWith('import ')).map(l => l.replace("from 'cdk8s-syncplan'", "from '../lib'"));
  const fixture = readFileSync(join(ROOT, 'rosetta', 'default.ts-fixture'), 'utf8');
  const text = [...imports, fixture.replace('/// here', lines.filter(l => !l.startsWith('import ')).join('\n'))].join('\n');
  const file = join(ROOT, 'test', 'readme-example.ts'); // never written: served by the host below
  const template = ts.readConfigFile(join(ROOT, 'node_modules', 'cdk8s-cli', 'templates', 'typescript-app', 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(template.config, ts.sys, ROOT);
  expect(options.noUnusedLocals).toBe(true);
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (name, version, ...rest) => (name === file ? ts.createSourceFile(name, text, version) : getSourceFile(name, version, ...rest));
  const fileExists = host.fileExists;
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram([file], { ...options, noEmit: true }, host);
  const source = program.getSourceFile(file)!;
  const errors = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]
    .map(d => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  expect(errors).toEqual([]);
});
