/**
 * The Application health check, run in a real Lua VM against child Applications in every state an
 * app-of-apps meets. States are modelled on Argo CD's Application status (`argo-cd pkg/apis/application/
 * v1alpha1/types.go`: status.health, status.sync, status.operationState, status.conditions, operation)
 * and on the 3.4+ report of argo-cd #27917 (a failed apply, resources Missing, app health Healthy).
 */
import { APPLICATION_HEALTH_LUA, applicationHealthGaps, isApplicationHealthCheck } from '../../src/argo/application-health';
import { runHealthLua } from '../../src/argo/lua';

const healthy = { status: 'Healthy' };
const synced = { status: 'Synced', revision: 'abc123' };

const cases: Array<[string, unknown, string]> = [
  ['Healthy and Synced, no operation', { status: { health: healthy, sync: synced, operationState: { phase: 'Succeeded' } } }, 'Healthy'],
  ['Healthy and Synced, never operated', { status: { health: healthy, sync: synced } }, 'Healthy'],
  ['Healthy but OutOfSync (argo-cd #10550)', { status: { health: healthy, sync: { status: 'OutOfSync' } } }, 'Progressing'],
  ['Healthy, sync status Unknown', { status: { health: healthy, sync: { status: 'Unknown' } } }, 'Progressing'],
  ['Healthy and Synced, operation Running', { status: { health: healthy, sync: synced, operationState: { phase: 'Running' } } }, 'Progressing'],
  ['Healthy and Synced, operation Terminating', { status: { health: healthy, sync: synced, operationState: { phase: 'Terminating' } } }, 'Progressing'],
  ['an operation requested, not started', { operation: { sync: { revision: 'def456' } }, status: { health: healthy, sync: synced } }, 'Progressing'],
  ['operation Failed with resources Missing, app Healthy (3.4+, argo-cd #27917)', {
    status: {
      health: healthy,
      sync: synced,
      operationState: { phase: 'Failed', message: 'one or more objects failed to apply' },
      resources: [{ kind: 'Deployment', name: 'web', status: 'OutOfSync', health: { status: 'Missing' } }],
    },
  }, 'Degraded'],
  ['operation Error', { status: { health: healthy, sync: synced, operationState: { phase: 'Error', message: 'boom' } } }, 'Degraded'],
  ['Progressing', { status: { health: { status: 'Progressing', message: 'rolling out' }, sync: synced } }, 'Progressing'],
  ['Degraded', { status: { health: { status: 'Degraded', message: 'crash loop' }, sync: synced } }, 'Degraded'],
  ['Suspended', { status: { health: { status: 'Suspended' }, sync: synced } }, 'Suspended'],
  ['Missing (resources not created yet)', { status: { health: { status: 'Missing' }, sync: { status: 'OutOfSync' } } }, 'Progressing'],
  ['no status yet', { metadata: { name: 'db' }, spec: {} }, 'Progressing'],
  ['status without health', { status: { sync: synced } }, 'Progressing'],
  ['ComparisonError', { status: { health: healthy, sync: synced, conditions: [{ type: 'ComparisonError', message: 'repo not found' }] } }, 'Degraded'],
  ['SyncError', { status: { health: healthy, sync: synced, conditions: [{ type: 'SyncError', message: 'x' }] } }, 'Degraded'],
  ['InvalidSpecError', { status: { health: healthy, sync: synced, conditions: [{ type: 'InvalidSpecError', message: 'bad destination' }] } }, 'Degraded'],
  ['a warning condition only', { status: { health: healthy, sync: synced, conditions: [{ type: 'RepeatedResourceWarning', message: 'x' }] } }, 'Healthy'],
];

test.each(cases.map(([name, obj, status]) => [name, status, obj] as const))('child %s → %s', (_name, status, obj) => {
  expect(runHealthLua(APPLICATION_HEALTH_LUA, obj as Record<string, unknown>).status).toBe(status);
});

/** A child at `targetRevision` whose last comparison was of `compared` (the fields Argo CD writes into status.sync.comparedTo). */
const comparing = (spec: Record<string, unknown>, comparedTo: Record<string, unknown> | undefined) => ({
  spec,
  status: { health: healthy, sync: { ...synced, ...(comparedTo ? { comparedTo } : {}) }, operationState: { phase: 'Succeeded' } },
});
const src = (targetRevision: string, extra: Record<string, unknown> = {}) => ({ repoURL: 'https://git.example.com/p.git', path: 'dist', targetRevision, ...extra });

test.each([
  // The race of argo-cd #4577 (documented with a guard in argo-cd PR #29649): the parent has just moved the child's revision.
  ['compared with the old targetRevision', comparing({ source: src('v2') }, { source: src('v1') }), 'Progressing'],
  ['compared with the current targetRevision', comparing({ source: src('v2') }, { source: src('v2') }), 'Healthy'],
  // The controller writes comparedTo from the spec with empty and false fields dropped: never read as a change.
  ['the spec holds empty and false fields comparedTo drops', comparing({ source: src('v2', { chart: '', directory: { recurse: false } }) }, { source: src('v2') }), 'Healthy'],
  ['another path', comparing({ source: src('v2') }, { source: { ...src('v2'), path: 'dist2' } }), 'Progressing'],
  ['sources: one moved', comparing({ sources: [src('v2'), src('v1', { ref: 'values' })] }, { sources: [src('v2'), src('v0', { ref: 'values' })] }), 'Progressing'],
  ['sources: one more than compared', comparing({ sources: [src('v2'), src('v1')] }, { sources: [src('v2')] }), 'Progressing'],
  ['sources: as compared', comparing({ sources: [src('v2'), src('v1', { ref: 'values' })] }, { sources: [src('v2'), src('v1', { ref: 'values' })] }), 'Healthy'],
  // No comparedTo at all (no Argo CD since 1.0 writes a sync status without it): nothing to judge by, not held forever.
  ['no comparedTo', comparing({ source: src('v2') }, undefined), 'Healthy'],
] as const)('child %s → %s', (_name, obj, status) => {
  const r = runHealthLua(APPLICATION_HEALTH_LUA, obj as Record<string, unknown>);
  expect(r.status).toBe(status);
  if (status === 'Progressing') expect(r.message).toMatch(/compare again/);
});

test('messages say what the parent waits on', () => {
  expect(runHealthLua(APPLICATION_HEALTH_LUA, { status: { health: healthy, sync: { status: 'OutOfSync' } } }).message).toMatch(/OutOfSync/);
  expect(runHealthLua(APPLICATION_HEALTH_LUA, { status: { health: healthy, sync: synced, conditions: [{ type: 'SyncError', message: 'quota' }] } }).message).toBe('SyncError: quota');
});

/** The documented script (`argo-cd docs/operator-manual/health.md`), written here from its description: health only. */
const HEALTH_ONLY = `hs = {}
hs.status = "Progressing"
hs.message = ""
if obj.status ~= nil then
  if obj.status.health ~= nil then
    hs.status = obj.status.health.status
    if obj.status.health.message ~= nil then
      hs.message = obj.status.health.message
    end
  end
end
return hs`;

test('the health-only check has gaps (OutOfSync, running, the 3.4+ failed sync); ours has none', () => {
  const gaps = applicationHealthGaps(HEALTH_ONLY);
  expect(gaps.join('\n')).toMatch(/OutOfSync/);
  expect(gaps.join('\n')).toMatch(/#27917/);
  expect(gaps.join('\n')).toMatch(/running/);
  expect(gaps.join('\n')).toMatch(/targetRevision it compared last/);
  expect(applicationHealthGaps(APPLICATION_HEALTH_LUA)).toEqual([]);
  expect(applicationHealthGaps('return nil')[0]).toMatch(/never reports Healthy/);
  expect(applicationHealthGaps('error("boom")')[0]).toMatch(/never reports Healthy.*boom/);
  expect(isApplicationHealthCheck(`\n${APPLICATION_HEALTH_LUA}\n`)).toBe(true);
  expect(isApplicationHealthCheck(HEALTH_ONLY)).toBe(false);
});

test('JSON arrays are 1-based Lua tables', () => {
  expect(runHealthLua('return { status = obj.a[2].b }', { a: [{}, { b: 'Healthy' }] }).status).toBe('Healthy');
});
