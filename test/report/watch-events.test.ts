/** watch output: plain lines, ndjson, Prometheus text exposition format. */
import { refKey } from '../../src/argo/live/application';
import { eventJson, eventLine, prometheusText } from '../../src/report/watch-events';
import { explainFixture } from '../argo/live/helpers';

const t = Date.parse('2026-12-01T10:04:10Z');

test('plain lines for each transition', () => {
  expect(eventLine({ event: 'stalled', time: t, app: 'shop', resource: 'Deployment/api', minutes: 4, health: 'Progressing', message: 'm', reason: 'r' }))
    .toBe('2026-12-01T10:04:10Z shop: stalled 4 minutes on Deployment/api (Progressing: m); r');
  expect(eventLine({ event: 'resource-healthy', time: t, app: 'shop', resource: 'Job/x', health: 'Succeeded', secondsWaiting: 75 })).toBe('2026-12-01T10:04:10Z shop: Job/x Succeeded after 1m 15s');
  expect(eventLine({ event: 'wave-started', time: t, app: 'shop', phase: 'Sync', wave: 2 })).toBe('2026-12-01T10:04:10Z shop: Sync wave 2 started');
});

test('ndjson: one object per line, fixed key order, absent fields left out', () => {
  const line = eventJson({ event: 'wave-started', time: t, app: 'shop', operationPhase: 'Running', phase: 'Sync', wave: 1 });
  expect(line).not.toContain('\n');
  expect(JSON.parse(line)).toEqual({ time: '2026-12-01T10:04:10.000Z', event: 'wave-started', app: 'shop', operationPhase: 'Running', phase: 'Sync', wave: 1 });
  expect(Object.keys(JSON.parse(line))).toEqual(['time', 'event', 'app', 'operationPhase', 'phase', 'wave']);
});

test('prometheus: HELP and TYPE for every metric, the wave in flight, seconds blocked per resource, labels escaped', () => {
  const e = explainFixture('running-sync-wave.yaml', { live: 'running-sync-wave-live.yaml', now: '2026-12-01T10:04:10Z' });
  const text = prometheusText(e, t, new Map(), refKey);
  expect(text).toContain('syncplan_operation_phase{app="shop",phase="Running"} 1');
  expect(text).toContain('syncplan_wave_in_flight{app="shop",phase="Sync"} 1');
  expect(text).toContain('syncplan_blocked_seconds{app="shop",kind="Deployment",namespace="shop",name="api",health="Progressing"} 230');
  for (const line of text.trimEnd().split('\n')) expect(line).toMatch(/^(# (HELP|TYPE) syncplan_\w+ .+|syncplan_\w+\{[^}]*\} -?\d+)$/);
  const names = [...text.matchAll(/^# TYPE (\S+) gauge$/gm)].map(m => m[1]);
  expect(names).toEqual(['syncplan_operation_phase', 'syncplan_operation_seconds', 'syncplan_wave_in_flight', 'syncplan_blockers', 'syncplan_blocked_seconds',
    'syncplan_deletion_stage', 'syncplan_deletion_seconds', 'syncplan_deletion_error']);
  // Not being deleted: every stage 0, no seconds, no error.
  expect(text).toContain('syncplan_deletion_stage{app="shop",stage="cascade"} 0');
  expect(text).not.toMatch(/^syncplan_deletion_stage\{.*\} 1$/m);
  expect(text).toContain('syncplan_deletion_seconds{app="shop"} 0');
  expect(text).toContain('syncplan_deletion_error{app="shop"} 0');
  const odd = prometheusText({ ...e, app: { name: 'a"b\\c', namespace: '' } }, t, new Map(), refKey);
  expect(odd).toContain('app="a\\"b\\\\c"');
});

test('the newest Warning Event rides on stalled and failed lines and in ndjson, after the reason', () => {
  const warning = 'Job/db-migrate: FailedCreate: serviceaccount "migrator" not found (6 times, last at 2026-12-01T10:02:45Z)';
  expect(eventLine({ event: 'stalled', time: t, app: 'shop', resource: 'Job/db-migrate', minutes: 3, health: 'Progressing', warning }))
    .toBe(`2026-12-01T10:04:10Z shop: stalled 3 minutes on Job/db-migrate (Progressing); warning: ${warning}`);
  expect(eventLine({ event: 'hook-failed', time: t, app: 'shop', resource: 'Job/db-migrate', message: 'm', reason: 'r', warning }))
    .toBe(`2026-12-01T10:04:10Z shop: hook Job/db-migrate failed: m; r; warning: ${warning}`);
  expect(Object.keys(JSON.parse(eventJson({ event: 'stalled', time: t, app: 'shop', resource: 'Job/db-migrate', minutes: 3, reason: 'r', warning }))))
    .toEqual(['time', 'event', 'app', 'resource', 'minutes', 'reason', 'warning']);
});

test('prometheus of a deletion: its stage, how long it has taken and its DeletionError, for an alert on a stuck deletion', () => {
  const e = explainFixture('deleting-post-delete.yaml', { now: '2026-12-01T10:05:00Z' });
  const text = prometheusText(e, Date.parse('2026-12-01T10:05:00Z'), new Map(), refKey);
  const stages = [...text.matchAll(/^syncplan_deletion_stage\{app="shop",stage="([^"]+)"\} (\d)$/gm)].map(m => [m[1], Number(m[2])]);
  expect(stages).toEqual([['PreDelete hooks', 0], ['cascade', 0], ['PostDelete hooks', 1], ['cleanup', 0], ['other finalizers', 0]]);
  expect(text).toContain('syncplan_deletion_seconds{app="shop"} 300');
  expect(text).toContain('syncplan_deletion_error{app="shop"} 1');
  for (const line of text.trimEnd().split('\n')) expect(line).toMatch(/^(# (HELP|TYPE) syncplan_\w+ .+|syncplan_\w+\{[^}]*\} -?\d+)$/);
});
