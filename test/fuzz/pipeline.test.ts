/**
 * Hostile input through the whole pipeline the CLI runs: YAML text → loader → buildPlan → lint →
 * every renderer → simulate. The only acceptable outcomes are the loader's typed InputError (one
 * line, file and line) or a well-formed plan that every renderer can print. Each property is
 * bounded in runs and time. (`test/cli/load.test.ts` already fuzzes the loader alone with random
 * strings, bytes and spliced characters; here the accepted inputs go on down the pipeline.)
 */
import * as fc from 'fast-check';
import { stringify } from 'yaml';
import { buildPlan } from '../../src/argo/plan';
import { simulate } from '../../src/argo/simulate';
import { PHASE_RANK } from '../../src/argo/sort';
import type { Manifest, SyncPlan } from '../../src/argo/types';
import { InputError } from '../../src/cli/errors';
import { decode, parseManifests } from '../../src/cli/load';
import { outputs } from '../determinism/outputs';
import { load, manifestTextArb } from '../fixtures/yaml-arbitrary';

// The time limits below are asserted inside the tests; jest's own 5 s default would be flaky under load.
jest.setTimeout(60_000);

const FILE = 'fuzz.yaml';
/** Per property: enough runs to matter, a time limit so `npm test` stays fast on a busy machine. */
const BOUND = { numRuns: 150, interruptAfterTimeLimit: 5_000 };

/** Plan invariants every accepted input must meet. */
function checkPlan(plan: SyncPlan, manifests: readonly Manifest[]): void {
  let last = [-Infinity, -Infinity];
  for (const step of plan.steps) {
    const key = [PHASE_RANK[step.phase], step.wave];
    expect(key[0] > last[0] || (key[0] === last[0] && key[1] > last[1])).toBe(true);
    last = key;
    expect(step.tasks.length).toBeGreaterThan(0);
    for (const t of step.tasks) expect([t.phase, t.wave]).toEqual([step.phase, step.wave]);
  }
  for (const t of [...plan.steps.flatMap((s) => s.tasks), ...plan.syncFail]) {
    expect(Number.isSafeInteger(t.wave)).toBe(true);
    expect(typeof t.name).toBe('string');
  }
  // Every input object is accounted for: a task, excluded, or an error (never silently lost).
  const seen = new Set<Manifest>([
    ...plan.steps.flatMap((s) => s.tasks.map((t) => t.manifest)),
    ...plan.syncFail.map((t) => t.manifest),
    ...plan.excluded.map((x) => x.manifest),
  ]);
  const erred = new Set(plan.errors.map((e) => `${e.source.file}:${e.source.index}`));
  for (const m of manifests) {
    const accounted = seen.has(m) || erred.has(`${m.source.file}:${m.source.index}`) || plan.excluded.some((x) => x.manifest.object === m.object);
    expect(accounted).toBe(true);
  }
}

/** Text through the pipeline: an InputError, or a plan all outputs can render. */
function pipeline(text: string): 'input-error' | 'plan' {
  let manifests: Manifest[];
  try {
    manifests = parseManifests(text, FILE);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    expect(e.message).not.toContain('\n');
    expect(e.file).toBe(FILE);
    expect(e.line).toBeGreaterThanOrEqual(0);
    expect(e.line).toBeLessThanOrEqual(text.split('\n').length + 1);
    return 'input-error';
  }
  for (const options of [{}, { namespace: 'shop', skipHooks: true, syncOptions: ['PruneLast=true'] }]) {
    const out = outputs(manifests, options);
    const plan = JSON.parse(out.planJson);
    // A Namespace named like the destination is created before the dry run on a first sync (3.1+).
    const first = buildPlan(manifests, options).createdBeforeDryRun ? ['createdBeforeDryRun'] : [];
    expect(Object.keys(plan)).toEqual(['steps', 'syncFail', 'excluded', 'errors', ...first, 'time', 'findings']);
    JSON.parse(out.lintJson);
    JSON.parse(out.sarif);
  }
  const plan = buildPlan(manifests);
  checkPlan(plan, manifests);
  expect(() => simulate(plan)).not.toThrow();
  return 'plan';
}

/** A document whose every field may be any JSON value (wrong types everywhere the model looks). */
const hostileObject = fc.record({
  apiVersion: fc.constantFrom('v1', 'apps/v1', 'batch/v1', 'apiextensions.k8s.io/v1', 'argoproj.io/v1alpha1', 'example.com/v1'),
  kind: fc.constantFrom('ConfigMap', 'Deployment', 'Job', 'Pod', 'Service', 'Namespace', 'CustomResourceDefinition', 'Application', 'List', 'Widget'),
  metadata: fc.record({
    name: fc.constantFrom('a', 'b', 'web', 'x'.repeat(300)),
    namespace: fc.oneof(fc.constantFrom('shop', ''), fc.jsonValue({ maxDepth: 1 })),
    generateName: fc.oneof(fc.constant('gen-'), fc.jsonValue({ maxDepth: 1 })),
    labels: fc.jsonValue({ maxDepth: 2 }),
    annotations: fc.oneof(
      fc.dictionary(fc.constantFrom(
        'argocd.argoproj.io/sync-wave', 'argocd.argoproj.io/hook', 'argocd.argoproj.io/hook-delete-policy',
        'argocd.argoproj.io/sync-options', 'helm.sh/hook', 'helm.sh/hook-weight', 'syncplan.cdk8s.io/suppress',
      ), fc.oneof(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), fc.constantFrom('PreSync', '1', '99999999999999999999', '-0'))),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  }, { requiredKeys: ['name'] }),
  spec: fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.record({
      template: fc.record({ spec: fc.record({ containers: fc.jsonValue({ maxDepth: 3 }), initContainers: fc.jsonValue({ maxDepth: 2 }) }) }),
      selector: fc.jsonValue({ maxDepth: 2 }),
      group: fc.jsonValue({ maxDepth: 1 }),
      names: fc.jsonValue({ maxDepth: 2 }),
      ports: fc.jsonValue({ maxDepth: 2 }),
      type: fc.constantFrom('LoadBalancer', 'ClusterIP', 3),
    }, { requiredKeys: [] }),
  ),
  items: fc.option(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }), { nil: undefined }),
  status: fc.jsonValue({ maxDepth: 2 }),
}, { requiredKeys: ['apiVersion', 'kind', 'metadata'] });

/** YAML-ish text: tokens of YAML syntax and Kubernetes keys in random order and indentation. */
const yamlish = fc.array(fc.oneof(
  fc.constantFrom('apiVersion: v1', 'kind: ConfigMap', 'kind: Job', 'metadata:', '  name: a', '  name: b', '  annotations:',
    '    argocd.argoproj.io/hook: PreSync', '    argocd.argoproj.io/sync-wave: "1"', '    argocd.argoproj.io/sync-wave: 1',
    '---', '...', '- a', '- ', 'items:', '  - kind: Pod', '&x a', '*x', '<<: *x', '!!binary ZZZ', '!!str', '? complex', ': v',
    '{a: [b, {c: d}]}', '"unterminated', "'q'", '|', '>-', '  ', '\t', '#', '%YAML 1.2', '%TAG ! tag:x,2000:', 'null', '~', '[', ']', '{', '}'),
  fc.string({ maxLength: 10 }),
), { maxLength: 40 }).map((lines) => lines.join('\n'));

describe('only a typed input error or a valid plan', () => {
  test('random bytes (decoded as the loader decodes files)', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      let text: string;
      try {
        text = decode(Buffer.from(bytes), FILE);
      } catch (e) {
        return e instanceof InputError;
      }
      pipeline(text);
      return true;
    }), BOUND);
  });

  test('YAML-ish text', () => {
    const seen = new Set<string>();
    fc.assert(fc.property(yamlish, (text) => {
      seen.add(pipeline(text));
    }), BOUND);
    expect(seen).toEqual(new Set(['input-error', 'plan'])); // both outcomes reached: the generator is not trivial
  });

  test('documents with wrong types in every field the model reads', () => {
    const seen = new Set<string>();
    fc.assert(fc.property(fc.array(hostileObject, { minLength: 1, maxLength: 6 }), (objects) => {
      seen.add(pipeline(objects.map((o) => stringify(o, { version: '1.1' })).join('---\n')));
    }), BOUND);
    expect(seen.has('plan')).toBe(true);
  });

  test('realistic manifests with random edits (deleted, duplicated, re-indented lines; inserted syntax)', () => {
    const edit = fc.oneof(
      fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
      fc.record({ op: fc.constant('duplicate' as const), at: fc.nat() }),
      fc.record({ op: fc.constant('indent' as const), at: fc.nat(), by: fc.constantFrom(' ', '  ', '\t', '-') }),
      fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: fc.constantFrom('---', ': x', '- y', '&a', '*a', '"', '{', 'kind: List', 'items: 3', 'metadata: []') }),
    );
    fc.assert(fc.property(manifestTextArb, fc.array(edit, { minLength: 1, maxLength: 4 }), (text, edits) => {
      const lines = text.split('\n');
      for (const e of edits) {
        const i = lines.length === 0 ? 0 : e.at % lines.length;
        if (e.op === 'delete') lines.splice(i, 1);
        else if (e.op === 'duplicate') lines.splice(i, 0, lines[i] ?? '');
        else if (e.op === 'indent') lines[i] = e.by + (lines[i] ?? '');
        else lines.splice(i, 0, e.text);
      }
      pipeline(lines.join('\n'));
    }), BOUND);
  });

  test('the unedited realistic manifests always plan', () => {
    fc.assert(fc.property(manifestTextArb, (text) => pipeline(text) === 'plan'), { ...BOUND, numRuns: 50 });
  });
});

// Whether they stay fast is the benchmarks' business, not a timed test's (these machines are noisy): a hang
// fails at jest's timeout.
describe('pathological documents: refused (or planned), never a crash or a hang', () => {
  /** The pipeline's outcome, and the input error that refused the text. */
  function outcomeOf(text: string): { outcome: string; error?: InputError } {
    let error: InputError | undefined;
    let outcome: string;
    try {
      outcome = pipeline(text);
      if (outcome === 'input-error') parseManifests(text, FILE);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      error = e;
      outcome = 'input-error';
    }
    return { outcome, error };
  }

  const head = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n';

  test.each([
    ['alias bomb in sequences', `${head}data:\n` + Array.from({ length: 10 }, (_, i) => `  l${i}: &l${i} [${i === 0 ? '"lol"' : Array(10).fill(`*l${i - 1}`).join(',')}]`).join('\n') + '\n'],
    ['alias bomb in mappings', `${head}data:\n` + Array.from({ length: 10 }, (_, i) => `  m${i}: &m${i} {${i === 0 ? 'a: b' : Array.from({ length: 10 }, (__, k) => `k${k}: *m${i - 1}`).join(', ')}}`).join('\n') + '\n'],
    ['alias bomb through merge keys', `${head}data:\n` + Array.from({ length: 12 }, (_, i) => `  m${i}: &m${i}\n    <<: [${i === 0 ? '{a: b}' : Array(8).fill(`*m${i - 1}`).join(', ')}]\n    k${i}: v`).join('\n') + '\n'],
  ])('%s: a one-line alias error at the document line', (_what, text) => {
    const r = outcomeOf(text);
    expect(r.outcome).toBe('input-error');
    expect(r.error?.reason).toMatch(/alias/);
    expect(r.error?.line).toBe(1);
  });

  // Inside a real object, so the loader has to build the value (not just find a missing apiVersion).
  test.each([
    ['50,000 nested flow sequences', `${head}data:\n  deep: ${'['.repeat(50_000)}${']'.repeat(50_000)}\n`],
    ['20,000 nested flow mappings', `${head}data:\n  deep: ${'{a: '.repeat(20_000)}1${'}'.repeat(20_000)}\n`],
    ['2,000 nested block mappings', `${head}data:\n` + Array.from({ length: 2_000 }, (_, i) => `${' '.repeat(i + 2)}k${i}:`).join('\n') + ' x\n'],
    ['1,000 nested block sequences', `${head}data:\n  deep:\n` + Array.from({ length: 1_000 }, (_, i) => `${' '.repeat(i * 2 + 2)}-`).join('\n') + ' x\n'],
  ])('%s: a plan or a one-line input error, never a stack overflow', (_what, text) => {
    const r = outcomeOf(text);
    if (r.error) expect(r.error.reason).toMatch(/nested too deeply|invalid YAML/);
  });

  test('deep but legal nesting inside a real object plans', () => {
    const deep = Array.from({ length: 200 }, () => '{a: ').join('') + '1' + '}'.repeat(200);
    expect(outcomeOf(`${head}data:\n  deep: ${deep}\n`).outcome).toBe('plan');
  });

  test.each([
    ['a string', 'hello world\n', /document is a string/],
    ['a number', '3.14\n', /document is a number/],
    ['a boolean', 'yes\n', /document is a boolean/],
    ['a list of objects', `- ${head.replace(/\n(?=.)/g, '\n  ')}`, /document is a list/],
    // A binary scalar is reported as an object without apiVersion (a Uint8Array passes the mapping check).
    ['a binary scalar', '!!binary aGVsbG8=\n', /not a Kubernetes object|has no apiVersion/],
  ])('a non-mapping document (%s) after a good one: error at its line', (_what, doc, reason) => {
    const r = outcomeOf(`${head}---\n${doc}`);
    expect(r.outcome).toBe('input-error');
    expect(r.error?.reason).toMatch(reason);
    expect(r.error?.line).toBe(6);
  });

  test('a huge scalar (a 9 MiB data value) plans; a document over the 10 MiB limit is refused at its line', () => {
    const r = outcomeOf(`${head}data:\n  blob: "${'x'.repeat(9 * 2 ** 20)}"\n`);
    expect(r.outcome).toBe('plan');
    const big = outcomeOf(`${head}---\n${head}data:\n  blob: ${'x'.repeat(11 * 2 ** 20)}\n`);
    expect(big.error?.reason).toMatch(/10 MiB/);
    expect([5, 6]).toContain(big.error?.line); // its `---` or its first line, not the file's first document
  });

  test('a 256 KiB sync-wave or hook annotation value plans (and lints)', () => {
    for (const [key, char] of [['argocd.argoproj.io/sync-wave', '9'], ['argocd.argoproj.io/hook', 'P']]) {
      const r = outcomeOf(`${head}  annotations:\n    ${key}: "${char.repeat(2 ** 18)}"\n`);
      expect([key, r.outcome]).toEqual([key, 'plan']);
    }
  });

  test('a 1 MiB key (explicit key syntax) and 100,000 empty documents', () => {
    expect(outcomeOf(`${head}data:\n  ? ${'k'.repeat(2 ** 20)}\n  : v\n`).outcome).toBe('plan');
    const r = outcomeOf(`${'---\n'.repeat(100_000)}${head}`);
    expect(r.outcome).toBe('plan');
  });

  test('10,000 tiny objects plan', () => {
    const text = Array.from({ length: 10_000 }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c${i}, annotations: {argocd.argoproj.io/sync-wave: "${i % 50}"}}\n`).join('---\n');
    const r = outcomeOf(text);
    expect(r.outcome).toBe('plan');
  });
});

test('manifests from the shared generator load (sanity of the helper used above)', () => {
  const [text] = fc.sample(manifestTextArb.filter((t) => t.length > 0), { numRuns: 1, seed: 7 });
  expect(load(text).length).toBeGreaterThan(0);
});
