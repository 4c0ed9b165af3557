/**
 * A sync window's `schedule` as Argo CD reads it: robfig/cron v3's parser with the five standard
 * fields only (argo-cd `pkg/apis/application/v1alpha1/types.go` `SyncWindow.active`:
 * `cron.NewParser(cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow)`), so no seconds
 * field and no `@hourly` descriptor ("parser does not accept descriptors"); a `TZ=`/`CRON_TZ=`
 * prefix is read (robfig `parser.go` `Parse`). Each field is checked and expanded here exactly as
 * robfig's `getRange` does (`*` or `?`, `N`, `N-M`, `/step`, `N/step` meaning `N-max/step`,
 * month and weekday names in any case, 0-6 weekdays with no 7), and only the expanded sets are
 * handed to croner to find occurrences, so its wider grammar (`L`, `W`, `#`, `H`, weekday 7,
 * a seconds field) never widens Argo CD's.
 *
 * robfig's day rule (`spec.go` `dayMatches`): when the day-of-month or the day-of-week field is a
 * star (`*`, `?`, or a range on them with step 1) a day must match both, else either. croner
 * reads a field as a star only when it is written `*`; the star fields are therefore handed over
 * as `*` and the others as lists.
 *
 * croner (MIT, no dependencies, time zones through Intl) is loaded only when occurrences are asked for.
 */
import type * as CronerModule from 'croner';

/* eslint-disable @typescript-eslint/no-require-imports */

interface Bounds {
  readonly min: number;
  readonly max: number;
  readonly names?: Readonly<Record<string, number>>;
}

const MINUTES: Bounds = { min: 0, max: 59 };
const HOURS: Bounds = { min: 0, max: 23 };
const DOM: Bounds = { min: 1, max: 31 };
const MONTHS: Bounds = {
  min: 1,
  max: 12,
  names: { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 },
};
const DOW: Bounds = { min: 0, max: 6, names: { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } };

/** One field expanded: its values, and whether robfig sets its star bit. */
interface Field {
  readonly values: readonly number[];
  readonly star: boolean;
}

export interface CronSchedule {
  /** The schedule as written. */
  readonly spec: string;
  /** The zone of a `TZ=`/`CRON_TZ=` prefix; else undefined (Argo CD evaluates it in UTC). */
  readonly location?: string;
  /**
   * False when no time matches in any year (e.g. `0 0 30 2 *`, or an empty field): robfig's
   * `Next` then returns the zero time, which is before every time, so Argo CD reads such a window
   * as always active.
   */
  readonly fires: boolean;
  /** The six-field expression croner reads (a zero seconds field, then the expanded fields). */
  readonly expression: string;
}

/** robfig's `strconv.Atoi` then `num < 0` check: digits with an optional `+`. */
function parseInt10(expr: string): number | string {
  if (!/^[+-]?\d+$/.test(expr)) return `failed to parse int from ${expr}: strconv.Atoi: parsing ${JSON.stringify(expr)}: invalid syntax`;
  const n = Number(expr);
  if (n < 0) return `negative number (${n}) not allowed: ${expr}`;
  return n;
}

function intOrName(expr: string, b: Bounds): number | string {
  const named = b.names?.[expr.toLowerCase()];
  return named !== undefined ? named : parseInt10(expr);
}

/** robfig `getRange`: one range of a field, as values and its star bit, or robfig's error. */
function range(expr: string, b: Bounds): { values: number[]; star: boolean } | string {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = rangeAndStep[0].split('-');
  const singleDigit = lowAndHigh.length === 1;
  let start: number;
  let end: number;
  let star = false;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = b.min;
    end = b.max;
    star = true;
  } else {
    const s = intOrName(lowAndHigh[0], b);
    if (typeof s === 'string') return s;
    start = s;
    if (lowAndHigh.length === 1) {
      end = start;
    } else if (lowAndHigh.length === 2) {
      const e = intOrName(lowAndHigh[1], b);
      if (typeof e === 'string') return e;
      end = e;
    } else {
      return `too many hyphens: ${expr}`;
    }
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    const st = parseInt10(rangeAndStep[1]);
    if (typeof st === 'string') return st;
    step = st;
    if (singleDigit) end = b.max;
    if (step > 1) star = false;
  } else if (rangeAndStep.length > 2) {
    return `too many slashes: ${expr}`;
  }
  if (start < b.min) return `beginning of range (${start}) below minimum (${b.min}): ${expr}`;
  if (end > b.max) return `end of range (${end}) above maximum (${b.max}): ${expr}`;
  if (start > end) return `beginning of range (${start}) beyond end of range (${end}): ${expr}`;
  if (step === 0) return `step of range should be a positive number: ${expr}`;
  const values: number[] = [];
  for (let v = start; v <= end; v += step) values.push(v);
  return { values, star };
}

/** robfig `getField`: a comma list of ranges (empty items dropped, as `strings.FieldsFunc` does). */
function field(text: string, b: Bounds): Field | string {
  const set = new Set<number>();
  let star = false;
  for (const expr of text.split(',').filter(e => e !== '')) {
    const r = range(expr, b);
    if (typeof r === 'string') return r;
    r.values.forEach(v => set.add(v));
    star = star || r.star;
  }
  return { values: [...set].sort((x, y) => x - y), star };
}

/** Days in a month, February as in a leap year (robfig looks five years ahead, which holds one). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True when some day of some year matches (robfig `dayMatches` over the months allowed). */
function fires(minute: Field, hour: Field, dom: Field, month: Field, dow: Field): boolean {
  if ([minute, hour, dom, month, dow].some(f => f.values.length === 0)) return false;
  const domFits = month.values.some(m => dom.values.some(d => d <= MONTH_DAYS[m - 1]));
  // Every weekday falls in every month: a day-of-week set that is not empty matches some day.
  return dom.star || dow.star ? domFits : true;
}

/**
 * Parses a schedule as Argo CD's parser does; a string is robfig's error, worded as Argo CD words
 * it after "cannot parse schedule '<schedule>': ".
 */
export function parseCronSchedule(spec: string): CronSchedule | string {
  if (spec.length === 0) return 'empty spec string';
  let rest = spec;
  let location: string | undefined;
  if (rest.startsWith('TZ=') || rest.startsWith('CRON_TZ=')) {
    const space = rest.indexOf(' ');
    if (space < 0) return `provided bad location ${rest.slice(rest.indexOf('=') + 1)}: no schedule follows it`;
    const zone = rest.slice(rest.indexOf('=') + 1, space);
    if (readGoTimeZone(zone).fallback) return `provided bad location ${zone}: unknown time zone ${zone}`;
    location = zone;
    rest = rest.slice(space).trim();
  }
  if (rest.startsWith('@')) return `parser does not accept descriptors: ${rest}`;
  const parts = rest.split(/\s+/).filter(p => p !== '');
  if (parts.length !== 5) return `expected exactly 5 fields, found ${parts.length}: [${parts.join(' ')}]`;
  const fields: Field[] = [];
  for (const [i, b] of [MINUTES, HOURS, DOM, MONTHS, DOW].entries()) {
    const f = field(parts[i], b);
    if (typeof f === 'string') return f;
    fields.push(f);
  }
  const [minute, hour, dom, month, dow] = fields;
  const list = (f: Field) => f.values.join(',');
  return {
    spec,
    ...(location !== undefined ? { location } : {}),
    fires: fires(minute, hour, dom, month, dow),
    // The day fields keep robfig's star bit; the others are the same set either way.
    expression: ['0', list(minute), list(hour), dom.star ? '*' : list(dom), list(month), dow.star ? '*' : list(dow)].join(' '),
  };
}

/** The starts of a schedule around a time, in milliseconds since the epoch. */
export interface Occurrences {
  /** The latest start strictly before `t`, or undefined when there is none in croner's reach. */
  before(t: number): number | undefined;
  /** The first start strictly after `t`. */
  after(t: number): number | undefined;
}

/** Occurrences of a schedule that fires (`fires`), from croner, loaded on first use. */
export function occurrences(schedule: CronSchedule): Occurrences {
  const { Cron }: typeof CronerModule = require('croner');
  const cron = new Cron(schedule.expression, { timezone: schedule.location ?? 'UTC', mode: '6-part' });
  // Both strictly: a start at `t` itself is neither before nor after it. Null or none: out of its reach.
  const step = (t: number, forward: boolean): number | undefined =>
    (forward ? cron.nextRun(new Date(t)) : cron.previousRuns(1, new Date(t))[0])?.getTime();
  // The last gap between two starts: a time inside it has the same start before it (a window asked
  // minute after minute costs one look-up per start, not one per minute).
  let gap: [number, number] | undefined;
  return {
    before: (t) => {
      if (gap && gap[0] < t && t <= gap[1]) return gap[0];
      const start = step(t, false);
      const next = start === undefined ? undefined : step(start, true);
      if (start !== undefined && next !== undefined) gap = [start, next];
      return start;
    },
    after: t => step(t, true),
  };
}

/** A `timeZone` as Go's `time.LoadLocation` reads it: the zone to use, and whether it fell back to UTC. */
export interface GoTimeZone {
  readonly zone: string;
  /** True when Go cannot load the name and Argo CD uses UTC ("Invalid time zone … Using UTC"). */
  readonly fallback: boolean;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/**
 * `time.LoadLocation`: "" and "UTC" are UTC; other names are IANA zone files, matched with their
 * case (Intl matches any case, Go on Linux does not). `Local` is the controller's own zone, UTC in
 * Argo CD's images.
 */
export function readGoTimeZone(name: string): GoTimeZone {
  if (name === '' || name === 'UTC' || name === 'Local') return { zone: 'UTC', fallback: false };
  try {
    const resolved = formatter(name).resolvedOptions().timeZone;
    if (resolved !== name && resolved.toLowerCase() === name.toLowerCase()) return { zone: 'UTC', fallback: true };
    return { zone: name, fallback: false };
  } catch {
    return { zone: 'UTC', fallback: true };
  }
}

/** The zone's offset from UTC at `t`, in milliseconds (`time.Now().In(loc).Zone()`). */
export function zoneOffset(zone: string, t: number): number {
  if (zone === 'UTC') return 0;
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(t))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(t / 1000) * 1000;
}
