/** What watch reports between readings, from the recorded states replayed by the fake kubectl. */
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { FIXTURES } from './helpers';
import { readApplication } from '../../../src/argo/live/application';
import { explainApplication } from '../../../src/argo/live/explanation';
import { ObservedHealthIndex } from '../../../src/argo/live/observed-health';
import { INITIAL_WATCH_STATE, transitions } from '../../../src/argo/live/transitions';
import type { WatchEvent } from '../../../src/argo/live/transitions';
import { readSyncWindows } from '../../../src/argo/sync-windows';

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

describe('a sync held by a sync window (controller/sync.go syncWindowPreventsSync), with the AppProject given', () => {
  const held = readApplication(JSON.parse(readFileSync(join(FIXTURES, 'sync-window-blocked.json'), 'utf8')));
  const projectJson = JSON.parse(readFileSync(join(FIXTURES, 'sync-window-project.json'), 'utf8'));
  /** The AppProject with its nightly deny window lasting `duration`. */
  const project = (duration: string) => {
    const [nightly, ...others] = projectJson.spec.syncWindows;
    return { name: 'shop', windows: readSyncWindows({ ...projectJson, spec: { ...projectJson.spec, syncWindows: [{ ...nightly, duration }, ...others] } }) };
  };
  function events(readings: ReadonlyArray<readonly [string, string | undefined]>): WatchEvent[] {
    let state = INITIAL_WATCH_STATE;
    const out: WatchEvent[] = [];
    for (const [t, duration] of readings) {
      const now = Date.parse(t);
      const health = new ObservedHealthIndex({ app: held });
      const e = explainApplication({ app: held, health, now, ...(duration ? { project: project(duration) } : {}) });
      const step = transitions(state, e, now);
      state = step.state;
      out.push(...step.events);
    }
    return out.filter(e => e.event === 'sync-window-held');
  }

  test('said once while the same window holds it until the same time, again when the AppProject moves the end', () => {
    const e = events([['2026-12-01T23:15:00Z', '8h'], ['2026-12-01T23:20:00Z', '8h'], ['2026-12-01T23:25:00Z', '10h']]);
    expect(e.map(x => [x.hold, x.until])).toEqual([['operation', '2026-12-02T06:00:00Z'], ['operation', '2026-12-02T08:00:00Z']]);
    expect(e[0].message).toBe('an automated sync is blocked by an active deny window (AppProject shop #0 deny "0 22 * * *" for 8h UTC, nightly freeze)');
  });

  test('nothing without the AppProject: the operation message alone names no window', () => {
    expect(events([['2026-12-01T23:15:00Z', undefined]])).toEqual([]);
  });
});
