/** The documented JSON shape of `syncplan explain --format json`. */
import { explanationJson } from '../../src/report/explain-json';
import { explainFixture } from '../argo/live/helpers';

test('keys in the documented order; every key present; blockers with kind, name, namespace, health, message, reason, since, warning', () => {
  const j = explanationJson(explainFixture('running-sync-wave.yaml', { live: 'running-sync-wave-live.yaml', now: '2026-12-01T10:04:10Z' }));
  expect(Object.keys(j)).toEqual(['app', 'operationPhase', 'message', 'startedAt', 'finishedAt', 'waitingSeconds', 'retryCount', 'inFlight',
    'blockers', 'done', 'next', 'syncFail', 'hooksLeftInCluster', 'deletion', 'syncWindows', 'notes']);
  expect(j).toMatchObject({ operationPhase: 'Running', startedAt: '2026-12-01T10:00:00Z', waitingSeconds: 250, inFlight: { phase: 'Sync', wave: 1 }, syncFail: null, deletion: null, syncWindows: null });
  expect(Object.keys(j.blockers[0]).slice(0, 8)).toEqual(['kind', 'name', 'namespace', 'health', 'message', 'reason', 'since', 'warning']);
  expect(j.blockers[0]).toMatchObject({ kind: 'Deployment', name: 'api', namespace: 'shop', health: 'Progressing', since: '2026-12-01T10:00:20Z' });
});

test('a finished operation has no blockers and no waitingSeconds; a failed one lists what failed it', () => {
  expect(explanationJson(explainFixture('succeeded.yaml'))).toMatchObject({ blockers: [], waitingSeconds: null });
  const failed = explanationJson(explainFixture('failed-syncfail.yaml'));
  expect(failed.blockers.map(b => b.name)).toEqual(['db-migrate']);
  expect(failed.syncFail).toMatchObject({ ran: true, failed: null });
});

test('an Application being deleted: deletion with its stage, error, cause and finalizers', () => {
  const j = explanationJson(explainFixture('deleting-post-delete.yaml', { now: '2026-12-01T10:05:00Z' }));
  expect(j.deletion).toMatchObject({
    since: '2026-12-01T10:00:00Z',
    seconds: 300,
    stage: 'PostDelete hooks',
    error: 'namespaces "shop" not found',
    terminating: [],
    finalizers: ['post-delete-finalizer.argocd.argoproj.io', 'post-delete-finalizer.argocd.argoproj.io/cleanup'],
  });
  expect(j.deletion!.cause).toContain('argo-cd #24924');
});
