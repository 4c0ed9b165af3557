/** The newest Warning Event about an object or its Pods, in both Event shapes (own data). */
import { latestWarning, warningText } from '../../../src/argo/live/events';

const v1 = (kind: string, name: string, reason: string, message: string, last: string, extra: object = {}) => ({
  apiVersion: 'v1',
  kind: 'Event',
  type: 'Warning',
  metadata: { name: `${name}.1`, namespace: 'shop' },
  involvedObject: { kind, name, namespace: 'shop' },
  reason,
  message,
  lastTimestamp: last,
  count: 1,
  ...extra,
});
const job = { kind: 'Job', name: 'migrate', namespace: 'shop' };

test('the newest Warning about the object, with its count and time; Normal events and other objects are not', () => {
  const live = [
    v1('Job', 'migrate', 'FailedCreate', 'Error creating: pods "migrate-" is forbidden: error looking up service account shop/migrator: serviceaccount "migrator" not found', '2026-12-01T10:03:00Z', { count: 4 }),
    v1('Job', 'migrate', 'FailedCreate', 'older', '2026-12-01T10:01:00Z'),
    { ...v1('Job', 'migrate', 'SuccessfulCreate', 'Created pod', '2026-12-01T10:05:00Z'), type: 'Normal' },
    v1('Job', 'other', 'FailedCreate', 'not this one', '2026-12-01T10:09:00Z'),
    v1('Job', 'migrate', 'FailedCreate', 'another namespace', '2026-12-01T10:09:00Z', { involvedObject: { kind: 'Job', name: 'migrate', namespace: 'dev' } }),
  ];
  const w = latestWarning(live, [job]);
  expect(w).toEqual({ about: 'Job/migrate', reason: 'FailedCreate', message: expect.stringMatching(/serviceaccount "migrator" not found$/), count: 4, last: '2026-12-01T10:03:00Z' });
  expect(warningText(w!)).toBe('Job/migrate: FailedCreate: Error creating: pods "migrate-" is forbidden: error looking up service account shop/migrator: '
    + 'serviceaccount "migrator" not found (4 times, last at 2026-12-01T10:03:00Z)');
  expect(latestWarning(live, [{ kind: 'Job', name: 'nothing', namespace: 'shop' }])).toBeUndefined();
  expect(latestWarning(live, [])).toBeUndefined();
});

test('events.k8s.io/v1: regarding, note and series; a Pod of the object counts', () => {
  const pod = { kind: 'Pod', name: 'migrate-x7k2p', namespace: 'shop' };
  const live = [{
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    type: 'Warning',
    metadata: { name: 'e', namespace: 'shop' },
    regarding: { kind: 'Pod', name: 'migrate-x7k2p', namespace: 'shop' },
    reason: 'FailedMount',
    note: 'MountVolume.SetUp failed for volume "config" : configmap "migrate-config" not found',
    series: { count: 7, lastObservedTime: '2026-12-01T10:04:00.000000Z' },
  }];
  expect(warningText(latestWarning(live, [job, pod])!)).toBe('Pod/migrate-x7k2p: FailedMount: MountVolume.SetUp failed for volume "config" : configmap "migrate-config" not found (7 times, last at 2026-12-01T10:04:00.000000Z)');
});

test('an Event without a count or a time still reads, and the later one listed wins a tie', () => {
  const bare = (message: string) => ({ apiVersion: 'v1', kind: 'Event', type: 'Warning', involvedObject: { kind: 'Job', name: 'migrate', namespace: 'shop' }, reason: 'BackoffLimitExceeded', message });
  expect(warningText(latestWarning([bare('first'), bare('second')], [job])!)).toBe('Job/migrate: BackoffLimitExceeded: second');
});

test('times compare as times: microseconds (series) against seconds (lastTimestamp)', () => {
  const older = v1('Job', 'migrate', 'FailedCreate', 'at 10:04:00.5', '2026-12-01T10:03:59Z', { series: { count: 2, lastObservedTime: '2026-12-01T10:04:00.500000Z' } });
  const newer = v1('Job', 'migrate', 'FailedCreate', 'at 10:04:01', '2026-12-01T10:04:01Z');
  expect(latestWarning([newer, older], [job])?.message).toBe('at 10:04:01');
  expect(latestWarning([older, v1('Job', 'migrate', 'FailedCreate', 'no time', '')], [job])?.message).toBe('at 10:04:00.5');
});

test('since the sync started: an Event last seen before it is of an earlier sync, one seen again is not', () => {
  const start = Date.parse('2026-12-01T10:00:00Z');
  const stale = v1('Job', 'migrate', 'FailedCreate', 'an hour ago, fixed since', '2026-12-01T09:10:00Z');
  expect(latestWarning([stale], [job], start)).toBeUndefined();
  expect(latestWarning([stale], [job])?.message).toBe('an hour ago, fixed since');
  const ongoing = v1('Job', 'migrate', 'FailedCreate', 'still failing', '2026-12-01T10:02:00Z', { firstTimestamp: '2026-12-01T09:10:00Z', count: 30 });
  expect(latestWarning([stale, ongoing], [job], start)?.message).toBe('still failing');
});
