/** What watch reports between readings, from the recorded states replayed by the fake kubectl. */
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { FIXTURES } from './helpers';
import { readApplication } from '../../../src/argo/live/application';
import { explainApplication } from '../../../src/argo/live/explanation';
import { ObservedHealthIndex } from '../../../src/argo/live/observed-health';
import { INITIAL_WATCH_STATE, transitions } from '../../../src/argo/live/transitions';
import type { WatchEvent } from '../../../src/argo/live/transitions';

function replay(dir: string, times: readonly string[]): WatchEvent[] {
  // As the fake kubectl: the last recorded state repeats.
  return replayStates(dir, times.map((t, i) => {
    let n = i + 1;
    while (!existsSync(join(FIXTURES, 'watch', dir, `${n}.json`))) n--;
    return [n, t] as const;
  }));
}

/** Readings of the given recorded states at the given times. */
function replayStates(dir: string, readings: ReadonlyArray<readonly [number, string]>): WatchEvent[] {
  let state = INITIAL_WATCH_STATE;
  const events: WatchEvent[] = [];
  for (const [n, t] of readings) {
    const app = readApplication(JSON.parse(readFileSync(join(FIXTURES, 'watch', dir, `${n}.json`), 'utf8')));
    const now = Date.parse(t);
    const step = transitions(state, explainApplication({ app, health: new ObservedHealthIndex({ app }), now }), now);
    state = step.state;
    events.push(...step.events);
  }
  return events;
}

test('a sync that succeeds: started, waves, resources Healthy, one stall per whole minute, finished', () => {
  const events = replay('succeeds', ['2026-12-01T10:00:10Z', '2026-12-01T10:02:30Z', '2026-12-01T10:03:00Z', '2026-12-01T10:03:40Z']);
  expect(events.map(e => [e.event, e.resource ?? `${e.phase ?? ''} ${e.wave ?? ''}`.trim()])).toEqual([
    ['operation-started', ''],
    ['wave-started', 'PreSync 0'],
    ['resource-healthy', 'Job/db-migrate'],
    ['wave-started', 'Sync 1'],
    ['stalled', 'Deployment/api'],
    ['resource-healthy', 'Deployment/api'],
    ['wave-started', 'PostSync'],
    ['resource-healthy', 'Job/smoke-test'],
    ['operation-finished', ''],
  ]);
  // The Deployment's health changed at 10:00:20: stalled 2 minutes at 10:02:30, Healthy 160 s after.
  expect(events.find(e => e.event === 'stalled')).toMatchObject({ minutes: 2, secondsWaiting: 130, health: 'Progressing' });
  expect(events.find(e => e.resource === 'Deployment/api' && e.event === 'resource-healthy')).toMatchObject({ secondsWaiting: 160 });
  expect(events[events.length - 1]).toMatchObject({ operationPhase: 'Succeeded', secondsWaiting: 210 });
});

test('a sync that fails: the hook failure, then the finish', () => {
  const events = replay('fails', ['2026-12-01T10:00:10Z', '2026-12-01T10:05:00Z']);
  expect(events.slice(-2).map(e => [e.event, e.resource, e.message])).toEqual([
    ['hook-failed', 'Job/db-migrate', 'Job has reached the specified backoff limit'],
    ['operation-finished', undefined, 'one or more synchronization tasks completed unsuccessfully'],
  ]);
});

test('a stall is reported once per whole minute, not on every reading', () => {
  const events = replay('stuck', ['2026-12-01T10:01:30Z', '2026-12-01T10:01:50Z', '2026-12-01T10:02:30Z', '2026-12-01T10:02:40Z']);
  expect(events.filter(e => e.event === 'stalled').map(e => e.minutes)).toEqual([1, 2]);
});

test('a sync retried after a failed hook: the failure of every attempt, the retry scheduled, the next attempt started (controller/appcontroller.go keeps startedAt across retries)', () => {
  const events = replay('retries', ['2026-12-01T10:00:10Z', '2026-12-01T10:00:40Z', '2026-12-01T10:01:05Z', '2026-12-01T10:01:10Z', '2026-12-01T10:03:05Z']);
  expect(events.map(e => [e.event, e.resource ?? e.message ?? `${e.phase ?? ''} ${e.wave ?? ''}`.trim()])).toEqual([
    ['operation-started', 'waiting for completion of hook batch/Job/db-migrate'],
    ['wave-started', 'PreSync 0'],
    ['hook-failed', 'Job/db-migrate'],
    ['retry-scheduled', 'attempt #1 at 10:01AM (controller time)'],
    ['operation-started', 'Retrying operation. Attempt #1'],
    ['wave-started', 'PreSync 0'],
    ['hook-failed', 'Job/db-migrate'],
    ['operation-finished', expect.stringMatching(/\(retried 1 times\)\.$/)],
  ]);
  expect(events.find(e => e.event === 'hook-failed')!.reason).toMatch(/backoffLimit/);
});

test('a retry whose start no reading saw is told by its attempt all the same', () => {
  const events = replayStates('retries', [[1, '2026-12-01T10:00:10Z'], [2, '2026-12-01T10:00:40Z'], [5, '2026-12-01T10:03:05Z']]);
  expect(events.filter(e => e.event === 'hook-failed')).toHaveLength(2);
});
