/**
 * wave-invalid (src/rules/checks/wave-invalid.ts): its trip/pass case, and its behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import * as fc from 'fast-check';
import type { Manifest } from '../../../src/argo/types';
import { parseWave } from '../../../src/argo/waves';
import { lint } from '../../../src/rules';
import { yaml, wave, cm } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('wave-invalid', {
  ref: 'TestSyncWaves (strconv.Atoi)',
  trips: yaml(cm('cfg', wave(' 2'))),
  passes: yaml(cm('cfg', wave('2'))),
});

describe('wave-invalid', () => {
  test('the silent fallback to helm.sh/hook-weight is named', () => {
    const [f] = findingsOf('wave-invalid', yaml(cm('c', { ...wave('two'), 'helm.sh/hook-weight': '5' })));
    expect(f.message).toContain('silently uses helm.sh/hook-weight, wave 5');
  });
});

test('wave-invalid fires exactly when strconv.Atoi rejects a present sync-wave', () => {
  fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 6 }), fc.integer().map(String), fc.constantFrom('+1', '-0', '9223372036854775808', '1_0')), raw => {
    const m: Manifest = { object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', annotations: { 'argocd.argoproj.io/sync-wave': raw } } }, source: { file: 'x', line: 1, index: 0 } };
    const fired = lint([m]).some(f => f.rule === 'wave-invalid');
    expect(fired).toBe(parseWave(raw) === undefined);
  }), { numRuns: 300 });
});
