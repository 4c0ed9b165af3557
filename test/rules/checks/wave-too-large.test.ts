/**
 * wave-too-large (src/rules/checks/wave-too-large.ts): a wave Argo CD reads exactly (gitops-engine
 * pkg/sync/syncwaves/waves.go, strconv.Atoi into int64) but syncplan's plan can only round.
 */
import { yaml, wave, cm } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('wave-too-large', {
  ref: 'waves.go strconv.Atoi keeps every int64 exact',
  trips: yaml(cm('a', wave('9007199254740993')), cm('b', wave('9007199254740992'))),
  passes: yaml(cm('a', wave('2')), cm('b', wave('1'))),
});

describe('wave-too-large', () => {
  test('names the exact wave and the rounded one the plan shows', () => {
    const [f, g] = findingsOf('wave-too-large', yaml(cm('a', wave('9007199254740993')), cm('b', wave('+9007199254740995'))));
    expect(f.name).toBe('a');
    expect(f.message).toContain('"9007199254740993"');
    expect(f.message).toContain('9007199254740992');
    expect(f.message).toMatch(/cannot order it exactly/);
    expect(g.message).toContain('9007199254740995');
    expect(g.message).toContain('9007199254740996');
  });

  test('the limits themselves are exact and pass; a hook weight beyond them trips', () => {
    expect(findingsOf('wave-too-large', yaml(cm('a', wave('9007199254740991')), cm('b', wave('-9007199254740991'))))).toEqual([]);
    const weight = yaml(cm('w', { 'helm.sh/hook-weight': '-9223372036854775808' }));
    const [f] = findingsOf('wave-too-large', weight);
    expect(f.message).toContain('helm.sh/hook-weight "-9223372036854775808"');
  });

  test('a sync-wave Argo CD uses hides the hook weight it does not read', () => {
    expect(findingsOf('wave-too-large', yaml(cm('a', { 'argocd.argoproj.io/sync-wave': '1', 'helm.sh/hook-weight': '9007199254740993' })))).toEqual([]);
  });
});
