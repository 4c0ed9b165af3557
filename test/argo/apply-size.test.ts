/**
 * prometheus-operator/kube-prometheus `manifests/setup/0prometheusCustomResourceDefinition.yaml`
 * is ~470 KiB as JSON: a client-side apply (Argo CD's default) fails on it with
 * "metadata.annotations: Too long: may not be more than 262144 bytes" (argo-cd
 * docs/user-guide/sync-options.md, Server-Side Apply). So is Argo CD's own ApplicationSet CRD in
 * `manifests/install.yaml` since 3.3 (339 KiB; upgrading/3.2-3.3.md). Built here from `bigCrd`.
 */
import * as fc from 'fast-check';
import { stringify } from 'yaml';
import { ANNOTATIONS_LIMIT_BYTES, clientSideApplyOverflow, jsonBytesAtMost } from '../../src/argo/apply-size';
import { buildPlan } from '../../src/argo/plan';
import { simulate } from '../../src/argo/simulate';
import { bigCrd, cm } from '../fixtures/manifests';
import { manifestsOf } from '../rules/helpers';

const SYNC_OPTIONS = 'argocd.argoproj.io/sync-options';

describe('simulate: the apply of an object too large for a client-side apply fails, as the API server rejects it', () => {
  const plan = (extra: Record<string, unknown> = {}, options: string[] = []) => {
    const manifests = manifestsOf([stringify(bigCrd(extra)), stringify(cm('after', { 'argocd.argoproj.io/sync-wave': '1' }))].join('---\n'));
    return { p: buildPlan(manifests, { syncOptions: options }), options };
  };

  test('argo-cd upgrading/3.2-3.3.md: the CRD fails its step and the next wave never goes out', () => {
    const { p } = plan();
    const r = simulate(p);
    expect(r.operationPhase).toBe('Failed');
    const crd = r.results.find(x => x.kind === 'CustomResourceDefinition')!;
    expect(crd.message).toBe('CustomResourceDefinition.apiextensions.k8s.io "prometheuses.monitoring.coreos.com" is invalid: metadata.annotations: Too long: may not be more than 262144 bytes');
    expect(r.neverApplied).toEqual(['ConfigMap/after']);
  });

  test('with ServerSideApply=true (on the object or the Application) the sync succeeds', () => {
    expect(simulate(plan({ [SYNC_OPTIONS]: 'ServerSideApply=true' }).p).operationPhase).toBe('Succeeded');
    const app = plan({}, ['ServerSideApply=true']);
    expect(simulate(app.p, { syncOptions: app.options }).operationPhase).toBe('Succeeded');
  });
});

test('the size is UTF-8 bytes, not UTF-16 units: 90 Ki characters of 3-byte text are over the limit, 90 Ki ASCII ones are not', () => {
  const withText = (text: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'text' }, data: { t: text } });
  expect(clientSideApplyOverflow(withText('a'.repeat(90 * 1024)), [])).toBeUndefined();
  expect(clientSideApplyOverflow(withText('€'.repeat(90 * 1024)), [])).toBeGreaterThan(270 * 1024);
  // A character above U+FFFF is 2 UTF-16 units and 4 bytes.
  expect(clientSideApplyOverflow(withText('😀'.repeat(65 * 1024)), [])).toBeGreaterThan(260 * 1024);
});

describe('the fast size check decides as writing the JSON does', () => {
  const LIMIT = ANNOTATIONS_LIMIT_BYTES;
  /** The straightforward measure: write the JSON, count its UTF-8 bytes. */
  const reference = (object: Record<string, unknown>) => {
    const bytes = Buffer.byteLength(JSON.stringify(object), 'utf8');
    return bytes > LIMIT ? bytes : undefined;
  };
  // Text of every kind: ASCII, escapes, 2- and 3-byte characters, pairs above U+FFFF and lone surrogates.
  const unit = fc.oneof(fc.constantFrom('a', '"', '\\', '\n', '\u0001', '\u007f', 'é', '€', '\ud800', '😀'), fc.string({ unit: 'binary', maxLength: 1 }));
  const text = fc.string({ unit, maxLength: 8 });
  // Values as a manifest holds them, some repeated up to sizes around the limit.
  const big = fc.tuple(text, fc.integer({ min: 0, max: 60_000 })).map(([t, n]) => t.repeat(Math.ceil(n / Math.max(t.length, 1))));
  const leaf = fc.oneof(text, big, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined));
  const value = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 5 }), fc.dictionary(text, tie('node'), { maxKeys: 5 })),
  })).node;
  const object = fc.dictionary(text, value, { maxKeys: 6 }).map((data) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data }));

  test('property: the same bytes (or none) as JSON.stringify measured in UTF-8', () => {
    fc.assert(fc.property(object, (o) => expect(clientSideApplyOverflow(o, [])).toBe(reference(o))), { numRuns: 400 });
  });

  test('property: the bound is never below the real size, and is Infinity only past the budget or for values it does not know', () => {
    fc.assert(fc.property(object, (o) => {
      const bound = jsonBytesAtMost(o, Number.MAX_SAFE_INTEGER);
      expect(bound).toBeGreaterThanOrEqual(Buffer.byteLength(JSON.stringify(o), 'utf8'));
      expect(jsonBytesAtMost(o, LIMIT)).toBe(bound <= LIMIT ? bound : Infinity);
    }), { numRuns: 400 });
  });

  test('what JSON.stringify writes its own way is measured by writing it: toJSON, class instances, typed arrays, Maps', () => {
    const long = 'x'.repeat(LIMIT);
    const cases: Record<string, unknown>[] = [
      { kind: 'ConfigMap', data: { d: new Date(0) } },
      { kind: 'ConfigMap', data: { toJSON: () => long } },
      { kind: 'ConfigMap', data: { b: new Uint8Array(LIMIT / 2) } },
      { kind: 'ConfigMap', data: { m: new Map([['a', long]]) } },
      { kind: 'ConfigMap', data: Object.assign(Object.create({ inherited: long }), { own: 'a' }) },
    ];
    for (const o of cases) expect(clientSideApplyOverflow(o, [])).toBe(reference(o));
    expect(jsonBytesAtMost(cases[0], Infinity)).toBe(Infinity);
    // A toJSON that makes a small object huge: only writing it shows.
    expect(clientSideApplyOverflow(cases[1], [])).toBeGreaterThan(LIMIT);
  });

  test('a cycle still fails as JSON.stringify fails on it', () => {
    const o: Record<string, unknown> = { kind: 'ConfigMap' };
    o.self = o;
    expect(() => clientSideApplyOverflow(o, [])).toThrow(/circular/i);
  });
});
