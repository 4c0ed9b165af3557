/** child-automated-sync: argo-cd #8778; `IsAutomatedSyncEnabled` (`argo-cd pkg/apis/application/v1alpha1/types.go`). */
import { isAutomatedSync, sourcesPinned } from '../../../src/argo/application';
import { k, wave, yaml } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

const SHA = '0123456789abcdef0123456789abcdef01234567';

/** A child Application with automated sync, its source at `targetRevision`. */
const automatedApp = (name: string, targetRevision: string | undefined, a?: Record<string, unknown>) => k('argoproj.io/v1alpha1', 'Application', name, {
  spec: {
    project: 'default',
    source: { repoURL: 'https://git.example.com/p.git', path: name, ...(targetRevision === undefined ? {} : { targetRevision }) },
    destination: { server: 'https://kubernetes.default.svc', namespace: name },
    syncPolicy: { automated: { prune: true } },
  },
}, a);

ruleCase('child-automated-sync', {
  ref: 'argo-cd #8778',
  trips: yaml(automatedApp('database', SHA, wave('0')), automatedApp('console', 'main', wave('1'))),
  passes: yaml(automatedApp('database', SHA, wave('0')), automatedApp('console', SHA, wave('1'))),
});

const W = (w: string) => ({ 'argocd.argoproj.io/sync-wave': w });
const app = (name: string, w: string, spec: object) => k('argoproj.io/v1alpha1', 'Application', name, { spec: { project: 'default', ...spec } }, W(w));

test('an automated child tracking a branch (or nothing: HEAD) among ordered children is reported, on its targetRevision', () => {
  const found = findingsOf('child-automated-sync', yaml(
    app('db', '0', { source: { repoURL: 'r', path: 'db' }, syncPolicy: { automated: {} } }),
    app('web', '1', { source: { repoURL: 'r', path: 'web', targetRevision: 'main' }, syncPolicy: { automated: {} } })));
  expect(found.map((f) => [f.name, f.level])).toEqual([['db', 'info'], ['web', 'info']]);
  expect(found[0].message).toMatch(/orders only the changes that reach it through the parent/);
  expect(found[0].fix).toMatch(/keep automated sync/);
  expect(found[0].fix).not.toMatch(/drop/);
});

test('manual children are child-not-automated\'s; one wave of Applications orders nothing', () => {
  const manual = { source: { repoURL: 'r', path: 'x', targetRevision: 'main' } };
  expect(findingsOf('child-automated-sync', yaml(app('db', '0', { ...manual, syncPolicy: { automated: { enabled: false } } }), app('web', '1', manual)))).toEqual([]);
  const auto = { source: { repoURL: 'r', path: 'x', targetRevision: 'main' }, syncPolicy: { automated: {} } };
  expect(findingsOf('child-automated-sync', yaml(app('db', '0', auto), app('web', '0', auto)))).toEqual([]);
});

test('every source pinned (a full commit, an exact chart version) passes; one moving source is enough to report', () => {
  const sources = (...s: object[]) => ({ sources: s, syncPolicy: { automated: {} } });
  const pinned = sources({ repoURL: 'r', path: 'a', targetRevision: SHA }, { repoURL: 'https://charts.example.com', chart: 'pg', targetRevision: '15.2.1' });
  expect(findingsOf('child-automated-sync', yaml(app('db', '0', pinned), app('web', '1', pinned)))).toEqual([]);
  const moving = sources({ repoURL: 'r', path: 'a', targetRevision: SHA }, { repoURL: 'https://charts.example.com', chart: 'pg', targetRevision: '15.*' });
  expect(findingsOf('child-automated-sync', yaml(app('db', '0', moving), app('web', '1', pinned))).map((f) => f.name)).toEqual(['db']);
});

test('sourcesPinned: a full SHA-1 or SHA-256 commit, an exact chart version; not a branch, HEAD, a tag, a short SHA or a range', () => {
  const git = (targetRevision?: unknown) => ({ spec: { source: { repoURL: 'r', ...(targetRevision === undefined ? {} : { targetRevision }) } } });
  const chart = (targetRevision: string) => ({ spec: { source: { repoURL: 'r', chart: 'c', targetRevision } } });
  expect(sourcesPinned(git(SHA))).toBe(true);
  expect(sourcesPinned(git(SHA.toUpperCase()))).toBe(true);
  expect(sourcesPinned(git(SHA + SHA.slice(0, 24)))).toBe(true);
  for (const r of [undefined, '', 'HEAD', 'main', 'v1.2.3', SHA.slice(0, 12), 42]) expect(sourcesPinned(git(r))).toBe(false);
  for (const r of ['1.2.3', 'v1.2.3', '1.2.3-rc.1']) expect(sourcesPinned(chart(r))).toBe(true);
  for (const r of ['1.*', '>=1.2.0', '~1.2', '1.2', '*', '']) expect(sourcesPinned(chart(r))).toBe(false);
  expect(sourcesPinned({ spec: {} })).toBe(false);
});

test('isAutomatedSync follows IsAutomatedSyncEnabled', () => {
  expect(isAutomatedSync({ spec: { syncPolicy: { automated: {} } } })).toBe(true);
  expect(isAutomatedSync({ spec: { syncPolicy: { automated: { enabled: true } } } })).toBe(true);
  expect(isAutomatedSync({ spec: { syncPolicy: { automated: { enabled: false } } } })).toBe(false);
  expect(isAutomatedSync({ spec: { syncPolicy: { automated: null } } })).toBe(false);
  expect(isAutomatedSync({ spec: {} })).toBe(false);
});
