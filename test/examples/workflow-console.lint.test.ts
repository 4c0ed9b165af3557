/**
 * The article's example app passes the pack, and `cdk8s synth` and `syncplan lint` agree on it:
 * the same rules on the same rendered manifests.
 */
import { spawnSync } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Testing, Yaml } from 'cdk8s';
import { WorkflowConsoleChart } from '../../examples/workflow-console/chart';
import type { Manifest } from '../../src/argo/types';
import { lint } from '../../src/rules';

// Each test spawns the CLI a few times; a loaded machine needs more than jest's 5 s.
jest.setTimeout(30_000);

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'lib', 'cli', 'main.js');

test('the cdk8s example: no error, and syncplan lint on its YAML finds what synth found', () => {
  const objects = Testing.synth(new WorkflowConsoleChart(Testing.app(), 'workflow-console'));
  const atSynth = lint(objects.map((object, index): Manifest => ({ object, source: { file: 'synth', line: 0, index } })));
  expect(atSynth.filter(f => f.level === 'error')).toEqual([]);

  const dir = mkdtempSync(join(tmpdir(), 'syncplan-example-'));
  try {
    writeFileSync(join(dir, 'workflow-console.k8s.yaml'), Yaml.stringify(...objects));
    const r = spawnSync(process.execPath, [BIN, 'lint', 'workflow-console.k8s.yaml', '-f', 'json'], { cwd: dir, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const fromCli = JSON.parse(r.stdout).findings.map((f: { rule: string; kind: string; name: string }) => `${f.rule} ${f.kind}/${f.name}`);
    expect(fromCli).toEqual(atSynth.map(f => `${f.rule} ${f.kind}/${f.name}`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
