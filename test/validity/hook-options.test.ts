/**
 * Any combination of hook options either fails at once with a one-line error naming the construct,
 * or synthesizes Jobs that pass every validator (models, strict schemas, apiserver names). Random
 * names, commands, deadlines, retries, policies, users, resources, env references and smoke-test
 * targets, including invalid ones.
 */
import { App, Chart, Duration, Size, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import * as fc from 'fast-check';
import { problems, strictValidators } from './validators';
import { EnvReference, EnvSource, HookDeletePolicy, MigrationHook, SmokeTest, SyncFailHook } from '../../src';

jest.setTimeout(60_000);
beforeAll(() => strictValidators(), 120_000);

// Valid names only: invalid ones are not refused yet (see the failing test at the end).
const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}[a-z0-9]$/);
const BAD_NAMES = ['', 'Bad_Name', 'x'.repeat(64), '-lead', 'trail-', 'ümlaut'];
/** Mostly valid, sometimes not: about half the samples get through every check. */
const mostly = <T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<T>) => fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: invalid });
const envName = mostly(fc.stringMatching(/^[A-Z_][A-Z0-9_]{0,10}$/), fc.constantFrom('1X', 'A B', '', 'a=b'));
const command = mostly(fc.array(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 3 }), fc.constant<string[]>([]));
const common = fc.record({
  name: fc.option(name, { nil: undefined }),
  activeDeadline: fc.option(fc.integer({ min: 0, max: 100_000 }).map((s) => Duration.seconds(s)), { nil: undefined }),
  backoffLimit: fc.option(mostly(fc.integer({ min: 0, max: 10 }), fc.constantFrom(-1, 1.5)), { nil: undefined }),
  deletePolicies: fc.option(
    fc.subarray([HookDeletePolicy.BEFORE_HOOK_CREATION, HookDeletePolicy.HOOK_SUCCEEDED, HookDeletePolicy.HOOK_FAILED]),
    { nil: undefined },
  ),
  runAsUser: fc.option(mostly(fc.integer({ min: 1, max: 70_000 }), fc.constantFrom(0, -1)), { nil: undefined }),
  writableTmp: fc.option(fc.boolean(), { nil: undefined }),
  automountServiceAccountToken: fc.option(fc.boolean(), { nil: undefined }),
  serviceAccountName: fc.option(name, { nil: undefined }),
  namespace: fc.option(name, { nil: undefined }),
  cpu: fc.option(fc.integer({ min: 1, max: 4000 }), { nil: undefined }),
  memory: fc.option(fc.integer({ min: 1, max: 8192 }), { nil: undefined }),
  env: fc.array(fc.tuple(envName, fc.boolean()), { maxLength: 2 }),
  envFrom: fc.array(fc.option(fc.stringMatching(/^[A-Z]{1,5}_$/), { nil: undefined }), { maxLength: 2 }),
});
const hook = fc.oneof(
  fc.record({ type: fc.constant('migration' as const), image: fc.constantFrom('app:1', 'registry.internal/app@sha256:abc'), command, verify: fc.option(command, { nil: undefined }) }),
  fc.record({ type: fc.constant('syncfail' as const), image: fc.constantFrom('curl:8'), command }),
  fc.record({
    type: fc.constant('smoke' as const),
    // url or service, rarely both or neither
    target: mostly(fc.constantFrom('url', 'service'), fc.constantFrom('both', 'none')),
    url: mostly(fc.constantFrom('http://web/healthz', 'https://x.internal'), fc.constantFrom('ftp://x', 'http://has space')),
    port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
    path: fc.option(mostly(fc.constantFrom('/', '/ready', '/a/b'), fc.constantFrom('ready')), { nil: undefined }),
    expectedStatus: fc.option(mostly(fc.integer({ min: 100, max: 599 }), fc.constantFrom(0, 99, 600)), { nil: undefined }),
    retryFor: fc.option(fc.integer({ min: 0, max: 3600 }), { nil: undefined }),
  }),
);

test('random hook options: a one-line error at construction or synth, else valid Jobs', () => {
  const outcomes = new Set<string>();
  const counts = { refused: 0, valid: 0 };
  fc.assert(fc.property(common, hook, (c, h) => {
    const chart = new Chart(Testing.app() as App, 'h', { disableResourceNameHashes: true });
    const db = kplus.Secret.fromSecretName(chart, 'db', 'db');
    const cfg = kplus.ConfigMap.fromConfigMapName(chart, 'cfg', 'cfg');
    let docs: Record<string, any>[];
    try {
      const options = {
        name: c.name,
        activeDeadline: c.activeDeadline,
        backoffLimit: c.backoffLimit,
        deletePolicies: c.deletePolicies,
        runAsUser: c.runAsUser,
        writableTmp: c.writableTmp,
        automountServiceAccountToken: c.automountServiceAccountToken,
        serviceAccountName: c.serviceAccountName,
        namespace: c.namespace,
        resources: {
          ...(c.cpu ? { cpu: { request: kplus.Cpu.millis(c.cpu), limit: kplus.Cpu.millis(c.cpu * 2) } } : {}),
          ...(c.memory ? { memory: { request: Size.mebibytes(c.memory), limit: Size.mebibytes(c.memory * 2) } } : {}),
        },
        env: c.env.map(([n, secret]) => (secret ? EnvReference.fromSecret(n, db, 'k') : EnvReference.fromConfigMap(n, cfg, 'k', true))),
        envFrom: c.envFrom.map((prefix, i) => (i % 2 === 0 ? EnvSource.secret(db, prefix) : EnvSource.configMap(cfg, prefix))),
      };
      if (h.type === 'migration') {new MigrationHook(chart, 'migrate', { ...options, image: h.image, command: h.command, verify: h.verify });} else if (h.type === 'syncfail') {new SyncFailHook(chart, 'notify', { ...options, image: h.image, command: h.command });} else {
        const withService = h.target === 'service' || h.target === 'both';
        const service = withService ? new kplus.Service(chart, 'svc', { metadata: { name: 'web' }, ports: [{ port: 80 }] }) : undefined;
        const url = h.target === 'url' || h.target === 'both' ? h.url : undefined;
        new SmokeTest(chart, 'smoke', {
          ...options,
          url,
          service,
          port: h.port,
          path: url ? undefined : h.path,
          expectedStatus: h.expectedStatus,
          retryFor: h.retryFor === undefined ? undefined : Duration.seconds(h.retryFor),
        });
      }
      docs = Testing.synth(chart);
    } catch (e) {
      const message = (e as Error).message;
      // cdk8s prefixes validation errors with a header line; each error itself is one line.
      const lines = message.replace(/^Validation failed with the following errors:\n/, '').split('\n');
      expect(lines.every((l) => l.trim().length > 0 && !/^\s+at /.test(l))).toBe(true);
      expect(message).toMatch(/migrate|notify|smoke|h\/|name|environment variable/);
      outcomes.add('refused');
      counts.refused++;
      return;
    }
    expect(docs.flatMap(problems)).toEqual([]);
    outcomes.add('valid');
    counts.valid++;
  }), { numRuns: 200, interruptAfterTimeLimit: 8_000 });
  expect(outcomes).toEqual(new Set(['refused', 'valid']));
  // Many samples get through: the property checks many synthesized Jobs, not just errors.
  expect(counts.valid).toBeGreaterThanOrEqual(Math.min(20, (counts.valid + counts.refused) / 4));
});

/**
 * HookJob checks `name`, `namespace` and `serviceAccountName` in its constructor (a one-line error
 * naming the construct), so the apiserver never gets to refuse the Job at sync time.
 */
test('invalid names, namespaces and service accounts of a hook are refused before sync time', () => {
  for (const bad of BAD_NAMES) {
    for (const field of ['name', 'namespace', 'serviceAccountName']) {
      const chart = new Chart(Testing.app(), 'h', { disableResourceNameHashes: true });
      let refused = false;
      try {
        new MigrationHook(chart, 'm', { image: 'app:1', command: ['migrate'], [field]: bad });
        Testing.synth(chart);
      } catch {
        refused = true;
      }
      // A service account name is a DNS subdomain (up to 253 characters): 64 characters are valid there.
      const invalid = !(field === 'serviceAccountName' && bad === 'x'.repeat(64));
      expect([field, bad, refused]).toEqual([field, bad, invalid]);
    }
  }
});
