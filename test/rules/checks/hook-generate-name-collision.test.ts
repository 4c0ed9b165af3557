/**
 * hook-generate-name-collision (src/rules/checks/hook-generate-name-collision.ts): its trip/pass case, and its behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import { HOOK, yaml, hookJob } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('hook-generate-name-collision', {
  ref: 'argo-cd #9184',
  trips: yaml(hookJob('task-'), { ...hookJob('task-'), spec: { ...(hookJob('x').spec as Record<string, unknown>), backoffLimit: 1 } }),
  passes: yaml(hookJob('task-a-'), hookJob('task-b-')),
});

describe('hook-generate-name-collision', () => {
  test('argo-cd #9184: same generateName in different phases does not collide', () => {
    expect(findingsOf('hook-generate-name-collision', yaml(hookJob('t-'), hookJob('t-', { [HOOK]: 'PostSync' })))).toEqual([]);
  });
});
