/**
 * The sync windows of an Application's AppProject, as explain reads them: the kind of sync the
 * controller asks about (controller/sync.go syncWindowPreventsSync: manual unless
 * initiatedBy.automated, with the operation's start for syncOverrun), and how explainApplication
 * uses them (an operation held by "Sync operation blocked by sync window"; auto-sync skipped).
 */
import { readApplication } from '../../../src/argo/live/application';
import { explainApplication } from '../../../src/argo/live/explanation';
import { ObservedHealthIndex } from '../../../src/argo/live/observed-health';
import { explainSyncWindows, rfc3339 } from '../../../src/argo/live/sync-window-block';
import { readSyncWindows } from '../../../src/argo/sync-windows';

const project = {
  name: 'shop',
  windows: readSyncWindows({ spec: { syncWindows: [{ kind: 'deny', schedule: '0 22 * * *', duration: '8h', namespaces: ['shop'], manualSync: true }] } }),
};

function app(extra: { message?: string; automated?: boolean; automatedSync?: boolean; noOperation?: boolean; project?: string }) {
  return readApplication({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'shop', namespace: 'argocd' },
    spec: {
      ...(extra.project !== undefined ? { project: extra.project } : {}),
      destination: { namespace: 'shop', server: 'https://kubernetes.default.svc' },
      ...(extra.automatedSync ? { syncPolicy: { automated: {} } } : {}),
    },
    status: {
      sync: { status: 'OutOfSync' },
      ...(extra.noOperation ? {} : {
        operationState: {
          phase: 'Running',
          message: extra.message ?? 'Sync operation blocked by sync window',
          startedAt: '2026-12-01T21:50:00Z',
          operation: { initiatedBy: extra.automated ? { automated: true } : { username: 'admin' }, sync: {} },
        },
      }),
    },
  });
}

const NOW = Date.parse('2026-12-01T23:00:00Z');
const explain = (a: ReturnType<typeof app>, withProject = true) =>
  explainApplication({ app: a, health: new ObservedHealthIndex({ app: a }), now: NOW, ...(withProject ? { project } : {}) });

test('the Application reads spec.project (default when empty), auto-sync (automated, enabled not false) and initiatedBy.automated', () => {
  expect([app({}).project, app({ project: 'shop' }).project]).toEqual(['default', 'shop']);
  expect([app({}).automatedSync, app({ automatedSync: true }).automatedSync]).toEqual([false, true]);
  expect([app({}).operation?.automated, app({ automated: true }).operation?.automated]).toEqual([false, true]);
});

test('manualSync lets a manual sync through the deny window (no change ahead), not an automated one (until the window ends)', () => {
  const manual = explainSyncWindows(app({}), project, NOW, 'manual');
  expect(manual).toMatchObject({ canSync: true, reason: 'active-deny-manual' });
  expect(manual.nextChange).toBeUndefined();
  const auto = explainSyncWindows(app({}), project, NOW, 'automated');
  expect(auto).toMatchObject({ canSync: false, reason: 'active-deny', at: '2026-12-01T23:00:00Z', nextChange: '2026-12-02T06:00:00Z' });
  expect(auto.windows).toEqual([expect.objectContaining({ index: 0, active: true, blocks: true, matched: { namespaces: 'shop' } })]);
  expect(rfc3339(Date.parse('2026-12-02T06:00:00.000Z'))).toBe('2026-12-02T06:00:00Z');
});

test('an automated operation held by the window: the windows and until when; without the AppProject, what to give', () => {
  const held = explain(app({ automated: true, project: 'shop' }));
  expect(held.syncWindows).toMatchObject({ sync: 'automated', canSync: false, nextChange: '2026-12-02T06:00:00Z' });
  expect(held.notes).toContain('an automated sync is blocked by an active deny window; the operation stays Running and goes on where it stopped once the windows allow it (from 2026-12-02T06:00:00Z)');
  const bare = explain(app({ automated: true, project: 'shop' }), false);
  expect(bare.syncWindows).toBeUndefined();
  expect(bare.notes.some(n => n.startsWith('a sync window of AppProject shop holds the operation: give the AppProject (kubectl get appproject shop -n argocd -o json'))).toBe(true);
});

test('auto-sync on, OutOfSync, no operation: the deny window is why nothing syncs', () => {
  const idle = explain(app({ automatedSync: true, noOperation: true }));
  expect(idle.syncWindows).toMatchObject({ sync: 'automated', canSync: false });
  expect(idle.notes.some(n => n.startsWith('auto-sync is on and the Application is OutOfSync, but an automated sync is blocked by an active deny window: that is why nothing syncs'))).toBe(true);
  // Auto-sync off: the windows are shown for a manual sync, and nothing is said to block.
  const manual = explain(app({ noOperation: true }));
  expect(manual.syncWindows).toMatchObject({ sync: 'manual', canSync: true });
  expect(manual.notes.some(n => n.includes('why nothing syncs'))).toBe(false);
});
