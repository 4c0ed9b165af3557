/** What explain and watch share: --now, the manifests' plan, one Application object explained. */
import { join } from 'path';
import { InputError } from '../../src/cli/errors';
import { explainValue, parseNow, planSource } from '../../src/cli/live-input';

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
