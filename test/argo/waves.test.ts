import * as fc from 'fast-check';
import { canonicalWave, isCanonicalWave, parseWave, readWave, waveOf } from '../../src/argo';
import { obj } from '../fixtures/manifests';

const WAVE = 'argocd.argoproj.io/sync-wave';
const WEIGHT = 'helm.sh/hook-weight';

describe('waves', () => {
  test.each([
    ['0', 0], ['1', 1], ['-1', -1], ['+3', 3], ['007', 7], ['-007', -7], ['-0', 0], ['+0', 0],
    ['9223372036854775807', 9223372036854775807], ['-9223372036854775808', -9223372036854775808],
  ])('parseWave(%p) = %p (strconv.Atoi accepts)', (raw, expected) => {
    expect(parseWave(raw)).toBe(expected);
  });

  test.each([
    '', ' 2', '2 ', '1.5', 'abc', '+', '-', '1_000', '0x10', '1e3', '٣', '１', '--1', '+-1',
    '9223372036854775808', '-9223372036854775809',
  ])('parseWave(%p) is undefined (strconv.Atoi rejects)', raw => {
    expect(parseWave(raw)).toBeUndefined();
  });

  test('parseWave rejects non-strings (an unquoted YAML number never reaches Atoi)', () => {
    expect(parseWave(3)).toBeUndefined();
    expect(parseWave(undefined)).toBeUndefined();
    expect(parseWave(null)).toBeUndefined();
  });

  test('property: every safe integer printed by Go round-trips', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), n => parseWave(String(n)) === n && isCanonicalWave(String(n))));
  });

  test('property: a string with a space, dot or letter is never a wave', () => {
    fc.assert(fc.property(fc.integer(), fc.constantFrom(' ', '.', 'a', '\t'), fc.boolean(), (n, junk, before) => {
      const raw = before ? junk + String(n) : String(n) + junk;
      return parseWave(raw) === undefined;
    }));
  });

  // gitops-engine pkg/sync/syncwaves/waves_test.go TestWave and gitops-engine pkg/sync/hook/helm/weight_test.go TestWeight
  test('TestWave / TestWeight: sync-wave, else helm.sh/hook-weight, else 0', () => {
    expect(waveOf(obj({ kind: 'Pod', name: 'p' }))).toBe(0);
    expect(waveOf(obj({ kind: 'Pod', name: 'p', annotations: { [WAVE]: '1' } }))).toBe(1);
    expect(waveOf(obj({ kind: 'Pod', name: 'p', annotations: { [WEIGHT]: '1' } }))).toBe(1);
  });

  test('an unparsable sync-wave silently falls back to the hook weight, then 0', () => {
    expect(readWave(obj({ kind: 'Pod', name: 'p', annotations: { [WAVE]: '1.5', [WEIGHT]: '-2' } })))
      .toEqual({ wave: -2, from: 'hook-weight', invalidSyncWave: '1.5' });
    expect(readWave(obj({ kind: 'Pod', name: 'p', annotations: { [WAVE]: ' 2', [WEIGHT]: 'x' } })))
      .toEqual({ wave: 0, from: 'default', invalidSyncWave: ' 2', invalidHookWeight: 'x' });
    expect(readWave(obj({ kind: 'Pod', name: 'p', annotations: { [WAVE]: '3', [WEIGHT]: '-2' } })))
      .toEqual({ wave: 3, from: 'sync-wave' });
  });

  test('a plain resource with only helm.sh/hook-weight gets that wave (applies to non-hooks too)', () => {
    expect(readWave(obj({ kind: 'ConfigMap', name: 'c', annotations: { [WEIGHT]: '+5' } }))).toEqual({ wave: 5, from: 'hook-weight' });
  });

  test('a non-string annotation elsewhere hides the wave (argo-cd #13730)', () => {
    expect(waveOf(obj({ kind: 'Pod', name: 'p', annotations: { [WAVE]: '4', other: 1 } }))).toBe(0);
  });

  test.each([
    ['0', true], ['3', true], ['-1', true], ['+3', false], ['007', false], ['-0', false], [' 1', false], ['', false], [1, false],
    ['99999999999999999999', false],
  ])('isCanonicalWave(%p) = %p', (raw, expected) => {
    expect(isCanonicalWave(raw)).toBe(expected);
  });
  // gitops-engine pkg/sync/syncwaves/waves.go Wave: strconv.Atoi into a Go int (int64), exact to the last digit.
  describe('waves beyond 2^53 - 1 (a JavaScript number rounds them; Argo CD does not)', () => {
    test('readWave gives the exact value beside the rounded one, so two waves one apart stay apart', () => {
      const a = readWave(obj({ kind: 'Pod', name: 'a', annotations: { [WAVE]: '9007199254740993' } }));
      const b = readWave(obj({ kind: 'Pod', name: 'b', annotations: { [WAVE]: '9007199254740992' } }));
      expect(a.wave).toBe(b.wave); // the double cannot tell them apart...
      expect(a.exact).toBe(9007199254740993n); // ...the exact value can
      expect(b.exact).toBe(9007199254740992n);
      expect(readWave(obj({ kind: 'Pod', name: 'c', annotations: { [WAVE]: '1.5', [WEIGHT]: '-9223372036854775808' } })))
        .toEqual({ wave: -9223372036854775808, from: 'hook-weight', invalidSyncWave: '1.5', exact: -(2n ** 63n) });
    });

    test('a safe wave carries no exact value (the common path builds nothing more)', () => {
      expect(readWave(obj({ kind: 'Pod', name: 'p', annotations: { [WAVE]: '9007199254740991' } }))).toEqual({ wave: 9007199254740991, from: 'sync-wave' });
      expect(readWave(obj({ kind: 'Pod', name: 'p', annotations: { [WAVE]: '-9007199254740991' } }))).toEqual({ wave: -9007199254740991, from: 'sync-wave' });
    });

    test.each([
      ['+9007199254740995', '9007199254740995'], ['0009007199254740993', '9007199254740993'], ['+03', '3'], ['-0', '0'], ['7', '7'],
    ])('canonicalWave(%p) = %p, every digit kept', (raw, expected) => {
      expect(canonicalWave(raw)).toBe(expected);
    });

    test('canonicalWave of what Atoi rejects is undefined', () => {
      expect(canonicalWave('9223372036854775808')).toBeUndefined();
      expect(canonicalWave(' 1')).toBeUndefined();
      expect(canonicalWave(1)).toBeUndefined();
    });
  });
});
