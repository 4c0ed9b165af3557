/**
 * hook-unrecognised (src/rules/checks/hook-unrecognised.ts): its trip/pass case, and its behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import { HOOK, yaml, hookJob } from '../../fixtures/manifests';
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
