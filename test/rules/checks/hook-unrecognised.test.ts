/**
 * hook-unrecognised (src/rules/checks/hook-unrecognised.ts): its trip/pass case, and its behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import { HOOK, k, yaml, hookJob } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('hook-unrecognised', {
  ref: 'TestGarbageHook',
  trips: yaml(hookJob('migrate', { 'argocd.argoproj.io/hook': 'presync' })),
  passes: yaml(hookJob('migrate', { 'argocd.argoproj.io/hook': 'PreSync' })),
});

describe('hook-unrecognised', () => {
  test('TestSkipAndHook: "Skip,PreSync" is fine', () => {
    expect(findingsOf('hook-unrecognised', yaml(hookJob('m', { [HOOK]: 'Skip,PreSync' })))).toEqual([]);
  });

  test('"Sync,Garbage": the object still runs as a Sync hook, only the value is ignored', () => {
    const [f] = findingsOf('hook-unrecognised', yaml(hookJob('m', { [HOOK]: 'Sync,Garbage' })));
    expect(f.message).toContain('"Garbage" is not a hook type');
    expect(f.message).toContain('handled as a Sync hook');
  });

  test('TestGarbageHook: an empty value drops the object from the sync', () => {
    const [f] = findingsOf('hook-unrecognised', yaml(hookJob('m', { [HOOK]: '' })));
    expect(f.message).toContain('is empty, so the object is silently left out of every sync');
  });
});

describe('hook-unrecognised: deletion hook types the modelled Argo CD version does not read (controller/hook.go isHookOfType)', () => {
  test('PreDelete before 3.3: never run, and a PreDelete-only object is in no sync either (e2e TestPreDeleteHook is 3.3+)', () => {
    const text = yaml(hookJob('drain', { [HOOK]: 'PreDelete' }));
    const [f] = findingsOf('hook-unrecognised', text, { argocdVersion: '3.2' });
    expect(f.message).toContain('argocd.argoproj.io/hook names PreDelete, a hook type only Argo CD 3.3 and later run: Argo CD 3.2 never runs this hook, '
      + 'and leaves the object out of every sync');
    expect(findingsOf('hook-unrecognised', text, { argocdVersion: '3.3' })).toEqual([]);
    expect(findingsOf('hook-unrecognised', text)).toEqual([]);
  });

  test('a deletion type in a list before 3.3.3 (#26586): no deletion hook; the sync type still counts', () => {
    const [f] = findingsOf('hook-unrecognised', yaml(hookJob('report', { [HOOK]: 'PostDelete,PostSync' })), { argocdVersion: '3.3.2' });
    expect(f.message).toContain('names PostDelete in a list of hook types, which only Argo CD 3.3.3 and later read: Argo CD 3.3.2 compares the whole value, so this is no PostDelete hook');
    expect(f.fix).toBe('give the PostDelete hook an object of its own whose argocd.argoproj.io/hook is exactly "PostDelete"');
    const helm = yaml(k('v1', 'ServiceAccount', 'cleaner', {}, { 'helm.sh/hook': 'pre-install,pre-delete' }));
    const [h] = findingsOf('hook-unrecognised', helm, { argocdVersion: '3.3.2' });
    expect(h.message).toContain('helm.sh/hook names PreDelete in a list');
    expect(h.fix).toContain('whose helm.sh/hook is exactly "pre-delete"');
    expect(findingsOf('hook-unrecognised', yaml(hookJob('report', { [HOOK]: 'PostDelete,PostSync' })), { argocdVersion: '3.4' })).toEqual([]);
    expect(findingsOf('hook-unrecognised', yaml(hookJob('report', { [HOOK]: 'PostDelete,PostSync' })), { argocdVersion: '3.3.3' })).toEqual([]);
    expect(findingsOf('hook-unrecognised', yaml(hookJob('report', { [HOOK]: 'PostDelete,PostSync' })), { argocdVersion: '3.3' })).toEqual([]);
  });
});
