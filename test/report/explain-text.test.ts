/** The explain text: headline, every blocker with its health and why, done, next, SyncFail, hooks left. */
import { headline, renderExplanationText } from '../../src/report/explain-text';
import { explainFixture } from '../argo/live/helpers';

test('the headline says the step in flight, how long, and on what', () => {
  const e = explainFixture('running-sync-wave.yaml', { now: '2026-12-01T10:04:10Z' });
  expect(headline(e)).toBe('Application shop: sync Running for 4m 10s; Sync wave 1 in flight waiting on Deployment/api (Progressing)');
});

test('and-more: all three blockers, one "why" per known trap', () => {
  const text = renderExplanationText(explainFixture('and-more.json'));
  expect(text).toMatch(/^Waiting on \(3\)$/m);
  for (const name of ['Deployment/api', 'StatefulSet/db', 'Ingress/web']) expect(text).toContain(`  ${name} (platform): Progressing`);
  expect(text.match(/^ {4}why: /gm)).toHaveLength(2);
});

test('failed: what failed it, SyncFail hooks ran, hooks left; 3.0+ without sources says "no health source"', () => {
  const failed = renderExplanationText(explainFixture('failed-syncfail.yaml'));
  expect(failed).toContain('What failed it (1)\n  Job/db-migrate (orders) [hook]: Degraded: Job has reached the specified backoff limit');
  expect(failed).toContain('SyncFail hooks: ran\n  Job/notify-failure: Succeeded: job completed');
  expect(failed).toContain('Hooks left in cluster: Job/db-migrate, Job/notify-failure');
  expect(renderExplanationText(explainFixture('v3-no-health.yaml'))).toContain('PersistentVolumeClaim/data (reports): no health source');
});

test('deterministic: the same input gives the same bytes', () => {
  const a = renderExplanationText(explainFixture('v3-no-health.yaml', { live: 'v3-live.yaml' }));
  expect(renderExplanationText(explainFixture('v3-no-health.yaml', { live: 'v3-live.yaml' }))).toBe(a);
});

test('an Application being deleted: the stage, the DeletionError and its cause come first; the cascade lists what still terminates', () => {
  const blocked = renderExplanationText(explainFixture('deleting-post-delete.yaml', { now: '2026-12-01T10:05:00Z' }));
  expect(blocked.startsWith('Application shop is being deleted (for 5m 0s): at the PostDelete hooks stage\n'
    + '  every object is deleted; Argo CD creates the PostDelete hooks and waits for them\n'
    + '  DeletionError: namespaces "shop" not found\n'
    + '  why: a deletion hook lives in namespace shop, which the cascade deleted')).toBe(true);
  expect(blocked).toContain('  finalizers: post-delete-finalizer.argocd.argoproj.io, post-delete-finalizer.argocd.argoproj.io/cleanup\n\nApplication shop: sync Succeeded');
  const cascade = renderExplanationText(explainFixture('deleting-cascade.yaml', { live: 'deleting-cascade-live.yaml', now: '2026-12-01T10:05:00Z' }));
  expect(cascade).toContain('  terminating: PersistentVolumeClaim/data (reports) since 2026-12-01T10:00:05Z, finalizers kubernetes.io/pvc-protection\n');
  expect(renderExplanationText(explainFixture('succeeded.yaml'))).not.toContain('being deleted');
});

test('a failed attempt waiting for its retry: the headline says when it is retried, and its blockers are what failed it', () => {
  const e = explainFixture('retry-backoff.yaml', { now: '2026-12-01T10:00:40Z' });
  expect(headline(e)).toBe('Application shop: sync Running for 40s; the attempt failed, retry #1 at 10:01AM (controller time)');
  expect(renderExplanationText(e)).toMatch(/^What failed it \(1\)\n {2}Deployment\/api \(shop\): no health source: Deployment\.apps "api" is invalid/m);
});

test('terminating: the running hooks are being terminated, not waited on', () => {
  const e = explainFixture('terminated-timeout.yaml');
  const terminating = { ...e, operationPhase: 'Terminating', blockers: e.failed };
  expect(renderExplanationText(terminating)).toMatch(/^Being terminated \(1\)$/m);
});
