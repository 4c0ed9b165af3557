/** child-not-automated: argo-cd #1932 (a parent's sync applies its child Applications, it never syncs them). */
import { k, wave, yaml } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

const child = (name: string, syncPolicy?: object, a?: Record<string, unknown>) => k('argoproj.io/v1alpha1', 'Application', name, {
  spec: {
    project: 'default',
    source: { repoURL: 'https://git.example.com/p.git', path: name },
    destination: { server: 'https://kubernetes.default.svc', namespace: name },
    ...(syncPolicy ? { syncPolicy } : {}),
  },
}, a);

ruleCase('child-not-automated', {
  ref: 'argo-cd #1932',
  trips: yaml(child('database', undefined, wave('0')), child('console', { automated: {} }, wave('1'))),
  passes: yaml(child('database', { automated: {} }, wave('0')), child('console', { automated: {} }, wave('1'))),
});

test('a manual child a later wave waits for: that wave waits until someone syncs it; in the last wave, the parent ends without it', () => {
  const found = findingsOf('child-not-automated', yaml(
    child('db', { automated: { enabled: false } }, wave('0')),
    child('api', { automated: {} }, wave('1')),
    child('web', { retry: { limit: 2 } }, wave('2'))));
  expect(found.map((f) => [f.name, f.level])).toEqual([['db', 'warning'], ['web', 'warning']]);
  expect(found[0].message).toMatch(/parent's Sync wave 1 waits until someone syncs this child by hand/);
  expect(found[1].message).toMatch(/parent's sync ends after Sync wave 2 without waiting for it/);
  expect(found[0].fix).toMatch(/syncPolicy: \{ automated: true \}/);
});

test('children in one wave are not ordered by the parent: syncing them by hand is a choice, not a trap', () => {
  expect(findingsOf('child-not-automated', yaml(child('db', undefined, wave('0')), child('web', undefined, wave('0'))))).toEqual([]);
});
