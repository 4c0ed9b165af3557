/**
 * Planning and linting are functions of the set of manifests: the same input twice gives
 * byte-identical output in every format, and so do the same documents in any order wherever Argo
 * CD defines the order (steps and SyncFail hooks: phase, wave, kind, name, as gitops-engine's
 * `syncTasks.Less`, then group and namespace). Excluded objects and plan errors are listed in input
 * order (Argo CD has no order for them), so for a shuffled input they are compared as sets.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import * as fc from 'fast-check';
import { outputs } from './outputs';
import { main } from '../../src/cli/main';
import { load, manifestTextArb, repeated } from '../fixtures/yaml-arbitrary';

jest.setTimeout(60_000);

const options = fc.record({
  namespace: fc.constantFrom('', 'shop', 'argocd'),
  skipHooks: fc.boolean(),
  syncOptions: fc.constantFrom([], ['PruneLast=true'], ['CreateNamespace=true']),
});

/** Plan text with the lines of the Excluded and Errors sections sorted. */
function unorderedSections(text: string): string {
  return text.split('\n\n').map((section) => {
    const [head, ...body] = section.split('\n');
    return /^(Excluded|Errors)/.test(head) ? [head, ...body.sort()].join('\n') : section;
  }).join('\n\n');
}

/** Plan JSON with `excluded` and `errors` sorted. */
function unorderedLists(json: string): unknown {
  const plan = JSON.parse(json);
  const sorted = (xs: unknown[]) => xs.map((x) => JSON.stringify(x)).sort();
  return { ...plan, excluded: sorted(plan.excluded), errors: sorted(plan.errors) };
}

test('the same input twice: byte-identical plan, lint, SARIF and diagrams', () => {
  fc.assert(fc.property(manifestTextArb, options, (text, opts) => {
    expect(outputs(load(text), opts)).toEqual(outputs(load(text), opts));
  }), { numRuns: 60 });
});

test('documents in any order: byte-identical plan, lint, SARIF and diagrams', () => {
  fc.assert(fc.property(
    manifestTextArb.chain((text) => fc.tuple(fc.constant(text), fc.shuffledSubarray(load(text).map((_, i) => i), { minLength: load(text).length }))),
    options,
    ([text, order], opts) => {
      const manifests = load(text);
      // Two documents naming one object once the destination namespace fills in: the last wins, by design.
      fc.pre(!repeated(manifests, opts.namespace));
      const shuffled = order.map((i) => manifests[i]);
      const a = outputs(manifests, opts);
      const b = outputs(shuffled, opts);
      // Field by field, so a failure names the format.
      for (const key of Object.keys(a) as (keyof typeof a)[]) {
        if (key === 'planText') expect([key, unorderedSections(b[key])]).toEqual([key, unorderedSections(a[key])]);
        else if (key === 'planJson') expect([key, unorderedLists(b[key])]).toEqual([key, unorderedLists(a[key])]);
        else expect([key, b[key]]).toEqual([key, a[key]]);
      }
    },
  ), { numRuns: 100 });
});

test('the generator reaches what the property needs: many objects, hooks, findings, errors', () => {
  // Guard against a vacuous property: sample inputs and check they are rich enough.
  const samples = fc.sample(manifestTextArb, { numRuns: 50, seed: 42 }).map((text) => outputs(load(text)));
  const plans = samples.map((o) => JSON.parse(o.planJson));
  expect(Math.max(...plans.map((p) => p.steps.length))).toBeGreaterThanOrEqual(4);
  expect(plans.some((p) => p.syncFail.length > 0)).toBe(true);
  expect(plans.some((p) => p.excluded.length > 0)).toBe(true);
  expect(plans.some((p) => p.errors.length > 0)).toBe(true);
  expect(samples.some((o) => JSON.parse(o.lintJson).findings.length > 3)).toBe(true);
  expect(samples.some((o) => JSON.parse(o.lintJson).suppressed.length > 0)).toBe(true);
});

/** stdout of an in-process CLI run. */
async function cli(...args: string[]): Promise<string> {
  let out = '';
  const exitCode = process.exitCode; // main() sets it; the test runner's own must survive
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    await main(['node', 'syncplan', ...args]);
  } finally {
    spy.mockRestore();
    process.exitCode = exitCode;
  }
  return out;
}

test('the outputs compared above are exactly what the CLI prints (plan text and JSON, lint JSON)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'syncplan-determinism-'));
  try {
    const [text] = fc.sample(manifestTextArb.filter((t) => load(t).length > 5 && !repeated(load(t), '')), { numRuns: 1, seed: 11 });
    const file = join(dir, 'gen.yaml');
    writeFileSync(file, text);
    const expected = outputs(load(text, file));
    expect(await cli('plan', file)).toBe(expected.planText);
    expect(await cli('plan', file, '-f', 'json')).toBe(expected.planJson);
    expect(JSON.parse(await cli('lint', file, '-f', 'json'))).toEqual(JSON.parse(expected.lintJson));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
