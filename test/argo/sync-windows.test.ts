/**
 * Sync windows after argo-cd `pkg/apis/application/v1alpha1/types_test.go` (TestSyncWindows_Active,
 * TestSyncWindow_Active, TestSyncWindows_InactiveAllows, TestSyncWindows_Matches,
 * TestSyncWindows_Matches_AND_Operator, TestSyncWindows_CanSync, TestSyncWindows_SyncOverrun) with
 * data of our own and fixed times, and a property: the next change found really changes the answer,
 * and nothing earlier does.
 */
import fc from 'fast-check';
import { parseCronSchedule } from '../../src/argo/cron-schedule';
import {
  canSyncAt, matchWindows, nextSyncChange, parseGoDuration, readSyncWindows, SyncWindowsError, windowActive,
} from '../../src/argo/sync-windows';
import type { MatchedWindow, SyncWindow, WindowTarget } from '../../src/argo/sync-windows';

const at = (iso: string) => Date.parse(iso);
// 2026-03-04 is a Wednesday.
const DAY = '2026-03-04';

function win(w: Partial<SyncWindow>): SyncWindow {
  return {
    index: 0,
    kind: 'allow',
    schedule: '0 10 * * *',
    duration: '1h',
    applications: ['*'],
    namespaces: [],
    clusters: [],
    manualSync: false,
    timeZone: '',
    andOperator: false,
    syncOverrun: false,
    ...w,
  };
}

const APP: WindowTarget = { name: 'shop-api', destinationNamespace: 'shop', destinationServer: 'https://kubernetes.default.svc', destinationName: 'in-cluster' };
const all = (...ws: SyncWindow[]): MatchedWindow[] => matchWindows(ws.map((w, index) => ({ ...w, index })), APP);
const auto = { manual: false };
const manual = { manual: true };

describe('the schedule grammar of robfig/cron with five fields (SyncWindow.Validate, TestSyncWindow_Validate)', () => {
  test('five fields, names in any case, N/step as N-max/step', () => {
    expect(parseCronSchedule('30 9 * * MON-fri')).toMatchObject({ fires: true, expression: '0 30 9 * 1,2,3,4,5,6,7,8,9,10,11,12 1,2,3,4,5' });
    expect(parseCronSchedule('0 5/15 * * *')).toMatchObject({ expression: expect.stringMatching(/^0 0 5,20 /) });
  });
  test('refused as robfig refuses it: weekday 7 (TestSyncWindows_Active MatchNone-InvalidSchedule), a seconds field, a descriptor', () => {
    expect(parseCronSchedule('* 10 * * 7')).toBe('end of range (7) above maximum (6): 7');
    expect(parseCronSchedule('0 0 10 * * *')).toMatch(/^expected exactly 5 fields, found 6/);
    expect(parseCronSchedule('@hourly')).toBe('parser does not accept descriptors: @hourly');
    expect(parseCronSchedule('0 10 L * *')).toMatch(/failed to parse int from L/);
    expect(parseCronSchedule('0 10 */0 * *')).toBe('step of range should be a positive number: */0');
  });
  test('a step over a star drops the star: day-of-month and day-of-week then match either (spec.go dayMatches)', () => {
    expect(parseCronSchedule('0 0 */2 * 1')).toMatchObject({ expression: expect.stringMatching(/ 1,3,5,.* 1$/) });
    expect(parseCronSchedule('0 0 */1 * 1')).toMatchObject({ expression: expect.stringMatching(/ \* [\d,]+ 1$/) });
  });
  test('a schedule that never fires (February 30) is always active: robfig Next returns the zero time', () => {
    expect(parseCronSchedule('0 0 30 2 *')).toMatchObject({ fires: false });
    expect(windowActive(win({ schedule: '0 0 30 2 *', duration: '1m' }), at(`${DAY}T12:00:00Z`))).toBe(true);
  });
});

describe('Go durations (time.ParseDuration)', () => {
  test('units, fractions, signs and Go\'s errors', () => {
    expect(parseGoDuration('1h30m')).toBe(90 * 60_000);
    expect(parseGoDuration('1.5h')).toBe(90 * 60_000);
    expect(parseGoDuration('-2m')).toBe(-120_000);
    expect(parseGoDuration('0')).toBe(0);
    expect(parseGoDuration('3a')).toBe('time: unknown unit "a" in duration "3a"');
    expect(parseGoDuration('3')).toBe('time: missing unit in duration "3"');
    expect(parseGoDuration('')).toBe('time: invalid duration ""');
  });
});

describe('SyncWindow.active (TestSyncWindow_Active, TestSyncWindows_Active)', () => {
  const w = win({ schedule: '0 10 * * *', duration: '2h' });
  test('open at both ends: not at 10:00:00, yes at 10:00:01 and 11:59:59, not at 12:00:00', () => {
    expect(windowActive(w, at(`${DAY}T10:00:00Z`))).toBe(false);
    expect(windowActive(w, at(`${DAY}T10:00:01Z`))).toBe(true);
    expect(windowActive(w, at(`${DAY}T11:59:59Z`))).toBe(true);
    expect(windowActive(w, at(`${DAY}T12:00:00Z`))).toBe(false);
  });
  test('MatchBoth: every minute of an hour starts a window, so "* 10 * * *" for 2h runs to 12:59', () => {
    const every = win({ schedule: '* 10 * * *', duration: '2h' });
    expect(windowActive(every, at(`${DAY}T12:30:00Z`))).toBe(true);
    expect(windowActive(every, at(`${DAY}T13:00:00Z`))).toBe(false);
  });
  test('MatchFirst-TimeZoneSpecified: the schedule is read in the window\'s zone (New York, UTC-5 in winter, UTC-4 in summer)', () => {
    const ny = win({ schedule: '0 10 * * *', duration: '2h', timeZone: 'America/New_York' });
    expect(windowActive(ny, at('2026-01-15T15:30:00Z'))).toBe(true);
    expect(windowActive(ny, at('2026-01-15T14:30:00Z'))).toBe(false);
    expect(windowActive(ny, at('2026-07-15T14:30:00Z'))).toBe(true);
  });
  test('MatchFirst-PositiveTimeZoneSpecified (Asia/Dhaka, UTC+6)', () => {
    expect(windowActive(win({ schedule: '0 8 * * *', duration: '2h', timeZone: 'Asia/Dhaka' }), at(`${DAY}T02:30:00Z`))).toBe(true);
  });
  test('a time zone Go cannot load reads as UTC (SyncWindow.Validate: "Using UTC as default time zone")', () => {
    expect(windowActive(win({ timeZone: 'Mars/Olympus' }), at(`${DAY}T10:30:00Z`))).toBe(true);
    expect(windowActive(win({ timeZone: 'america/new_york' }), at(`${DAY}T10:30:00Z`))).toBe(true);
  });
  test('a CRON_TZ= prefix (robfig Parse) puts the schedule in its zone, before the window\'s own offset is added', () => {
    const tokyo = win({ schedule: 'CRON_TZ=Asia/Tokyo 0 9 * * *', duration: '1h' });
    expect(windowActive(tokyo, at(`${DAY}T00:30:00Z`))).toBe(true);
    expect(windowActive({ ...tokyo, timeZone: 'Asia/Tokyo' }, at(`${DAY}T00:30:00Z`))).toBe(false);
    expect(windowActive({ ...tokyo, timeZone: 'Asia/Tokyo' }, at(`${DAY}T15:30:00Z`))).toBe(true);
    expect(parseCronSchedule('CRON_TZ=Nowhere/Else 0 9 * * *')).toBe('provided bad location Nowhere/Else: unknown time zone Nowhere/Else');
  });
  test('MatchNone-InvalidDuration: undefined, not a guess', () => {
    expect(windowActive(win({ duration: '3a' }), at(`${DAY}T10:30:00Z`))).toBeUndefined();
  });
});

describe('SyncWindows.Matches (TestSyncWindows_Matches, TestSyncWindows_Matches_AND_Operator)', () => {
  test('MatchNamespace, MatchCluster (server), MatchClusterName, MatchAppName, MatchWildcardAppName', () => {
    const ws = [
      win({ index: 0, applications: [], namespaces: ['shop'] }),
      win({ index: 1, applications: [], clusters: ['https://kubernetes.default.svc'] }),
      win({ index: 2, applications: [], clusters: ['in-*'] }),
      win({ index: 3, applications: ['shop-api'] }),
      win({ index: 4, applications: ['shop-*'] }),
    ];
    expect(matchWindows(ws, APP).map(m => m.window.index)).toEqual([0, 1, 2, 3, 4]);
    expect(matchWindows(ws, APP)[2].matchedBy).toEqual({ clusters: 'in-*' });
  });
  test('NoMatch: another app, namespace and cluster; a window with no list applies to nothing', () => {
    const ws = [win({ applications: ['web'], namespaces: ['web'], clusters: ['prod'] }), win({ applications: [] })];
    expect(matchWindows(ws, APP)).toEqual([]);
  });
  test('OR by default: the app name matches though the namespace does not', () => {
    expect(matchWindows([win({ applications: ['shop-api'], namespaces: ['other'] })], APP)).toHaveLength(1);
  });
  test('andOperator: every list set must match; before 3.0 the field is not read', () => {
    const w = win({ applications: ['shop-api'], namespaces: ['other'], andOperator: true });
    expect(matchWindows([w], APP)).toEqual([]);
    expect(matchWindows([w], APP, '2.14')).toHaveLength(1);
    expect(matchWindows([{ ...w, namespaces: ['sh*'] }], APP)[0].matchedBy).toEqual({ applications: 'shop-api', namespaces: 'sh*' });
  });
  test('a cluster pattern matches the destination name or server, and "*" matches an empty namespace', () => {
    expect(matchWindows([win({ applications: [], clusters: ['*'] })], { ...APP, destinationName: '', destinationServer: '' })).toEqual([]);
    expect(matchWindows([win({ applications: [], namespaces: ['*'] })], { ...APP, destinationNamespace: '' })).toHaveLength(1);
  });
});

describe('SyncWindows.CanSync (TestSyncWindows_CanSync)', () => {
  const inside = at(`${DAY}T10:30:00Z`);
  const outside = at(`${DAY}T14:30:00Z`);
  test('will allow manual sync if inactive-deny-window set with manual false', () => {
    expect(canSyncAt(all(win({ kind: 'deny' })), outside, manual)).toMatchObject({ canSync: true, reason: 'no-allow-or-deny' });
  });
  test('will deny manual sync if one inactive-allow-windows set with manual false', () => {
    expect(canSyncAt(all(win({ kind: 'allow' })), outside, manual)).toMatchObject({ canSync: false, reason: 'outside-allow' });
  });
  test('will allow manual sync inactive-allow with ManualSync enabled; will deny auto sync inactive-allow with ManualSync enabled', () => {
    expect(canSyncAt(all(win({ manualSync: true })), outside, manual).canSync).toBe(true);
    expect(canSyncAt(all(win({ manualSync: true })), outside, auto).canSync).toBe(false);
  });
  test('will allow auto sync active-allow and inactive-deny; will allow auto sync with active-allow and inactive-allow', () => {
    expect(canSyncAt(all(win({}), win({ kind: 'deny', schedule: '0 20 * * *' })), inside, auto)).toMatchObject({ canSync: true, reason: 'active-allow' });
    expect(canSyncAt(all(win({}), win({ schedule: '0 20 * * *' })), inside, auto).canSync).toBe(true);
  });
  test('will deny manual sync with inactive-allow and inactive-deny', () => {
    expect(canSyncAt(all(win({}), win({ kind: 'deny', schedule: '0 20 * * *' })), outside, manual).canSync).toBe(false);
  });
  test('will deny auto sync with active-deny with ManualSync enabled; will allow manual sync with it', () => {
    const deny = win({ kind: 'deny', manualSync: true });
    expect(canSyncAt(all(deny), inside, auto)).toMatchObject({ canSync: false, reason: 'active-deny' });
    expect(canSyncAt(all(deny), inside, manual)).toMatchObject({ canSync: true, reason: 'active-deny-manual' });
  });
  test('will deny manual sync with many active-deny having one with ManualSync disabled: that one blocks', () => {
    const v = canSyncAt(all(win({ kind: 'deny', manualSync: true }), win({ kind: 'deny' })), inside, manual);
    expect(v.canSync).toBe(false);
    expect(v.blocking.map(m => m.window.index)).toEqual([1]);
  });
  test('will deny manual sync with active-deny and active-allow windows with ManualSync disabled (deny wins)', () => {
    expect(canSyncAt(all(win({}), win({ kind: 'deny' })), inside, manual).canSync).toBe(false);
  });
  test('will deny and return error with invalid windows; will return error when inactive-allow has invalid schedule', () => {
    const v = canSyncAt(all(win({}), win({ schedule: '* 10 * * 7' })), inside, manual);
    expect(v).toMatchObject({ canSync: false, reason: 'invalid', error: "invalid sync windows: cannot parse schedule '* 10 * * 7': end of range (7) above maximum (6): 7" });
    expect(v.blocking.map(m => m.window.index)).toEqual([1]);
  });
  test('a kind that is neither allow nor deny blocks nothing', () => {
    expect(canSyncAt(all(win({ kind: 'Deny' })), inside, auto)).toMatchObject({ canSync: true, reason: 'no-allow-or-deny' });
  });
});

describe('syncOverrun (TestSyncWindows_SyncOverrun), 3.5+', () => {
  const deny = win({ kind: 'deny', schedule: '0 10 * * *', duration: '1h', syncOverrun: true });
  const t = at(`${DAY}T10:30:00Z`);
  test('AllowsSyncToContinueWhenStartedBeforeDenyWindowWithOverrun; not before 3.5', () => {
    const q = { manual: false, operationStart: at(`${DAY}T09:50:00Z`) };
    expect(canSyncAt(all(deny), t, q)).toMatchObject({ canSync: true, reason: 'active-deny-overrun' });
    expect(canSyncAt(all(deny), t, { ...q, version: '3.4' }).canSync).toBe(false);
  });
  test('DenyWindowWithOverrunBlocksNewSync and DenyWindowWithOverrunBlocksSyncThatStartedDuringDeny', () => {
    expect(canSyncAt(all(deny), t, auto).canSync).toBe(false);
    expect(canSyncAt(all(deny), t, { manual: false, operationStart: at(`${DAY}T10:10:00Z`) }).canSync).toBe(false);
  });
  test('DisallowsOverrunWhenOneDenyWindowDoesntHaveIt', () => {
    expect(canSyncAt(all(deny, { ...deny, syncOverrun: false }), t, { manual: false, operationStart: at(`${DAY}T09:50:00Z`) }).canSync).toBe(false);
  });
  test('AllowsSyncWhenStartedDuringAllowWindowWithOverrun; DeniesSyncWhenStartedDuringAllowWindowWithoutOverrun', () => {
    const allow = win({ schedule: '0 8 * * *', duration: '2h', syncOverrun: true });
    const q = { manual: false, operationStart: at(`${DAY}T09:30:00Z`) };
    expect(canSyncAt(all(allow), t, q)).toMatchObject({ canSync: true, reason: 'outside-allow-overrun' });
    expect(canSyncAt(all({ ...allow, syncOverrun: false }), t, q).canSync).toBe(false);
  });
});

describe('readSyncWindows', () => {
  test('reads the fields, and refuses a field of the wrong type naming its path', () => {
    const p = { spec: { syncWindows: [{ kind: 'deny', schedule: '0 22 * * *', duration: '8h', namespaces: ['shop'], manualSync: true, timeZone: 'Europe/Paris' }] } };
    expect(readSyncWindows(p)).toEqual([win({ kind: 'deny', schedule: '0 22 * * *', duration: '8h', applications: [], namespaces: ['shop'], manualSync: true, timeZone: 'Europe/Paris' })]);
    expect(readSyncWindows({ spec: {} })).toEqual([]);
    expect(() => readSyncWindows({ spec: { syncWindows: [{ applications: 'shop' }] } })).toThrow(SyncWindowsError);
    expect(() => readSyncWindows({ spec: { syncWindows: [{ manualSync: 'yes' }] } })).toThrow('spec.syncWindows[0].manualSync is "yes", not true or false');
  });
});

describe('nextSyncChange', () => {
  test('a deny window over the night: blocked until it ends, then blocked again at the next start', () => {
    const ws = all(win({ kind: 'deny', schedule: '0 22 * * *', duration: '8h' }));
    const now = at(`${DAY}T23:15:00Z`);
    expect(canSyncAt(ws, now, auto).canSync).toBe(false);
    expect(nextSyncChange(ws, now, auto)).toMatchObject({ at: at('2026-03-05T06:00:00Z'), canSync: true });
    expect(nextSyncChange(ws, at('2026-03-05T07:00:00Z'), auto)).toMatchObject({ at: at('2026-03-05T22:00:00Z'), canSync: false });
  });
  test('business hours on weekdays: on Saturday the next allow is Monday 09:00 in Berlin (08:00Z)', () => {
    const ws = all(win({ schedule: '0 9 * * 1-5', duration: '8h', timeZone: 'Europe/Berlin' }));
    expect(nextSyncChange(ws, at('2026-03-07T12:00:00Z'), auto)).toMatchObject({ at: at('2026-03-09T08:00:00Z'), canSync: true });
  });
  test('a DST change moves the window: after 2026-03-29 09:00 Berlin is 07:00Z', () => {
    const ws = all(win({ schedule: '0 9 * * *', duration: '1h', timeZone: 'Europe/Berlin' }));
    expect(nextSyncChange(ws, at('2026-03-29T02:00:00Z'), auto)).toMatchObject({ at: at('2026-03-29T07:00:00Z'), canSync: true });
  });
  test('two deny windows that follow each other make one block', () => {
    const ws = all(win({ kind: 'deny', schedule: '0 10 * * *', duration: '1h' }), win({ kind: 'deny', schedule: '0 11 * * *', duration: '1h' }));
    expect(nextSyncChange(ws, at(`${DAY}T10:30:00Z`), auto)).toMatchObject({ at: at(`${DAY}T12:00:00Z`) });
  });
  test('a window that is always active never changes within the bound; an invalid one never', () => {
    const always = all(win({ kind: 'deny', schedule: '0 0 30 2 *' }));
    expect(nextSyncChange(always, at(`${DAY}T10:30:00Z`), auto, [86_400_000])).toEqual({ searchedUntil: at(`${DAY}T10:30:00Z`) + 86_400_000 });
    expect(nextSyncChange(all(win({ duration: 'x' })), at(`${DAY}T10:30:00Z`), auto).at).toBeUndefined();
  });
  test('a yearly allow window: found within the year', () => {
    const ws = all(win({ schedule: '0 0 1 1 *', duration: '24h' }));
    expect(nextSyncChange(ws, at(`${DAY}T10:30:00Z`), auto)).toMatchObject({ at: at('2027-01-01T00:00:00Z'), canSync: true });
  });
});

describe('property: the next change flips the answer and nothing earlier does (minute resolution)', () => {
  const windowArb = fc.record({
    kind: fc.constantFrom('allow', 'deny'),
    minute: fc.constantFrom('0', '30', '*/20', '15'),
    hour: fc.constantFrom('*', '9', '22', '1-5', '*/6'),
    dow: fc.constantFrom('*', '1-5', '0,6', '3'),
    duration: fc.constantFrom('10m', '1h', '3h', '90m', '8h'),
    timeZone: fc.constantFrom('', 'Europe/Berlin', 'Asia/Kolkata', 'America/New_York'),
    manualSync: fc.boolean(),
  }).map(r => win({ kind: r.kind, schedule: `${r.minute} ${r.hour} * * ${r.dow}`, duration: r.duration, timeZone: r.timeZone, manualSync: r.manualSync }));

  test('canSync is constant on (now, at) and differs just after at', () => {
    fc.assert(fc.property(
      fc.array(windowArb, { minLength: 1, maxLength: 3 }),
      fc.integer({ min: 0, max: 60 * 24 * 60 }),
      fc.boolean(),
      (windows, minutes, isManual) => {
        const ws = all(...windows);
        const q = { manual: isManual };
        // Half a minute past: every window edge (whole minutes, whole-minute offsets) lies between samples.
        const now = at('2026-03-20T00:00:30Z') + minutes * 60_000;
        const first = canSyncAt(ws, now, q).canSync;
        const change = nextSyncChange(ws, now, q, [2 * 86_400_000]);
        const until = change.at ?? change.searchedUntil;
        for (let t = now + 60_000; t < until; t += 60_000) {
          if (canSyncAt(ws, t, q).canSync !== first) return false;
        }
        if (change.at !== undefined) {
          const after = canSyncAt(ws, change.at + 30_000, q).canSync;
          if (after === first || after !== change.canSync) return false;
        }
        return true;
      },
    ), { numRuns: 40 });
  });
});
