/** What explain and watch share: --now, the manifests' plan, one Application object explained. */
import { writeFileSync } from 'fs';
import { join } from 'path';
import * as fc from 'fast-check';
import { stringify } from 'yaml';
import { inputError, tempDirEach } from './helpers';
import { InputError } from '../../src/cli/errors';
import { explainValue, parseNow, planSource } from '../../src/cli/live-input';
import { readValues } from '../../src/cli/read-object';

const F = join(__dirname, '..', 'fixtures', 'explain');

test('--now takes RFC 3339 only', () => {
  expect(parseNow('2026-12-01T10:04:10Z')).toBe(Date.parse('2026-12-01T10:04:10Z'));
  expect(parseNow('2026-12-01T11:04:10+01:00')).toBe(Date.parse('2026-12-01T10:04:10Z'));
  expect(() => parseNow('2026-12-01')).toThrow(/RFC 3339/);
});

test('the plan of the manifests, in the destination namespace; none without manifests', () => {
  expect(planSource([])('shop', [])).toBeUndefined();
  const plans = planSource([join(F, 'manifests')]);
  const plan = plans('shop', [])!;
  expect(plan.steps.map(s => `${s.phase}/${s.wave}`)).toEqual(['PreSync/0', 'Sync/0', 'Sync/1', 'Sync/2', 'PostSync/0']);
  expect(plan.steps[0].tasks[0]).toMatchObject({ kind: 'Job', name: 'db-migrate', namespace: 'shop' });
});

describe('the manifests of a cdk8s dist the validation plugin was run on', () => {
  const tmp = tempDirEach('syncplan-live-dist');
  test('its construct-metadata.json is left out with the note plan and lint print on stderr, once per plan', () => {
    const dist = tmp();
    writeFileSync(join(dist, 'web.k8s.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n');
    writeFileSync(join(dist, 'construct-metadata.json'), JSON.stringify({ version: '1.0.0', resources: { settings: { path: 'web/settings' } } }));
    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => written.push(String(chunk)) > 0);
    try {
      const plans = planSource([dist]);
      expect(plans('shop', [])!.steps.flatMap(s => s.tasks.map(t => `${t.kind}/${t.name}`))).toEqual(['ConfigMap/settings']);
      plans('shop', []); // watch asks again on every reading: planned once, said once
      expect(written).toEqual([expect.stringMatching(/^syncplan: .*construct-metadata\.json: not read: the cdk8s CLI's construct metadata/)]);
    } finally {
      spy.mockRestore();
    }
  });
});

test('the manifests are planned once per destination namespace and sync options (watch asks on every reading)', () => {
  const plans = planSource([join(F, 'manifests')]);
  const plan = plans('shop', []);
  expect(plans('shop', [])).toBe(plan);
  const elsewhere = plans('staging', []);
  expect(elsewhere).not.toBe(plan);
  expect(elsewhere!.steps[0].tasks[0]).toMatchObject({ namespace: 'staging' });
  expect(plans('shop', ['PruneLast=true'])).not.toBe(plan);
});

test('an object that is not an Application is an InputError naming the file and line', () => {
  expect(() => explainValue({ apiVersion: 'v1', kind: 'Secret' }, 'x.yaml', 3, {}, planSource([]), {})).toThrow(InputError);
  expect(() => explainValue({ apiVersion: 'v1', kind: 'Secret' }, 'x.yaml', 3, {}, planSource([]), {})).toThrow(/^x\.yaml:3: expected an argoproj\.io Application, got v1 Secret/);
  expect(explainValue({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: { name: 'a' }, status: {} }, 'a.yaml', 1, { now: 0 }, planSource([]), {}).app.name).toBe('a');
});

describe('an Application field no Argo CD writes so is reported at that field\'s line, YAML or JSON', () => {
  const tmp = tempDirEach('syncplan-live-input');
  /** Fields explain rests on, each with a value of the wrong shape. */
  const BAD: ReadonlyArray<readonly [ReadonlyArray<string>, unknown]> = [
    [['status', 'operationState', 'phase'], 7],
    [['status', 'operationState', 'startedAt'], 'yesterday'],
    [['status', 'operationState', 'syncResult', 'resources'], 'nope'],
    [['status', 'resources'], {}],
    [['metadata', 'deletionTimestamp'], 12],
  ];

  test('any of them, in an Application of any other fields', () => {
    fc.assert(fc.property(fc.nat(BAD.length - 1), fc.boolean(), fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.string({ maxLength: 5 }), { maxKeys: 3 }), (which, json, labels) => {
      const [path, bad] = BAD[which];
      const app: Record<string, any> = {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'Application',
        metadata: { name: 'shop', namespace: 'argocd', labels },
        spec: { destination: { namespace: 'shop' } },
        status: { resources: [], operationState: { phase: 'Running', startedAt: '2026-12-01T10:00:00Z', syncResult: { resources: [] } } },
      };
      let at = app;
      for (const k of path.slice(0, -1)) at = at[k];
      at[path[path.length - 1]] = bad;
      const text = json ? JSON.stringify(app, null, 2) : stringify(app);
      const file = join(tmp(), json ? 'app.json' : 'app.yaml');
      writeFileSync(file, text);
      const [v] = readValues(file);
      const err = inputError(() => explainValue(v.value, v.file, v.line, { now: 0 }, planSource([]), {}, v.lineOf));
      const key = path[path.length - 1];
      const lines = text.split('\n');
      // the key's line: the first line naming it after its parent's (keys repeat: resources, phase)
      let from = 0;
      for (const k of path) from = lines.findIndex((l, i) => i >= from && l.trimStart().startsWith(json ? `"${k}":` : `${k}:`));
      expect(lines[from]).toContain(key);
      expect([err.line, err.reason.split(' is ')[0]]).toEqual([from + 1, path.join('.')]);
    }), { numRuns: 40 });
  });
});

describe('--argocd-version: the live objects are judged with that version\'s health checks (gitops-engine TestHPA since 3.5)', () => {
  const tmp = tempDirEach('syncplan-live-version');
  const app = {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'shop', namespace: 'argocd' },
    spec: { destination: { namespace: 'shop' } },
    status: {
      operationState: {
        phase: 'Running',
        message: 'waiting for healthy state of autoscaling/HorizontalPodAutoscaler/api',
        startedAt: '2026-12-01T10:00:00Z',
        syncResult: { resources: [{ group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler', namespace: 'shop', name: 'api', status: 'Synced', hookPhase: 'Running', syncPhase: 'Sync' }] },
      },
    },
  };
  const hpa = {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'api', namespace: 'shop' },
    status: {
      conditions: [{ type: 'AbleToScale', status: 'True', reason: 'SucceededGetScale', message: 'scale read' },
        { type: 'ScalingActive', status: 'False', reason: 'FailedGetExternalMetric', message: 'unable to get external metric shop/queue_depth' }],
    },
  };

  test('the latest by default: Degraded, with the metrics API to check; 3.4: Healthy', () => {
    const live = join(tmp(), 'live.json');
    writeFileSync(live, JSON.stringify(hpa));
    const at = (flags: object) => explainValue(app, 'app.json', 1, { now: Date.parse('2026-12-01T10:01:00Z'), live: [live], ...flags }, planSource([])).blockers[0];
    expect(at({})).toMatchObject({ kind: 'HorizontalPodAutoscaler', health: 'Degraded', reason: expect.stringMatching(/^the HPA cannot read its external metrics/) });
    expect(at({ argocdVersion: '3.4' })).toMatchObject({ kind: 'HorizontalPodAutoscaler', health: 'Healthy', message: 'scale read' });
  });
});
