/**
 * application-outside-control-plane: argo-cd docs/operator-manual/app-any-namespace.md (an
 * Application outside the control plane's namespace is reconciled only when listed) and the
 * Application health check's "no status yet" (Progressing).
 */
import { k, wave, yaml } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

const app = (name: string, namespace: string, w: string, project = 'default') => {
  const o = k('argoproj.io/v1alpha1', 'Application', name, {
    spec: { project, source: { repoURL: 'https://git.example.com/p.git', path: name }, destination: { server: 'https://kubernetes.default.svc', namespace: name } },
  }, wave(w));
  return { ...o, metadata: { ...(o.metadata as object), namespace } };
};
const platform = (cacheNs: string) => yaml(app('database', 'argocd', '0'), app('queue', 'argocd', '0'), app('cache', cacheNs, '1'), app('console', 'argocd', '2'));

ruleCase('application-outside-control-plane', {
  ref: 'argo-cd app-any-namespace.md',
  trips: platform('team-web'),
  passes: platform('argocd'),
});

test('names the child, the sibling in the shared namespace, the wave that never starts and both settings', () => {
  const [f] = findingsOf('application-outside-control-plane', platform('team-web'));
  expect(f.name).toBe('cache');
  expect(f.message).toMatch(/lives in namespace team-web, but Application\/database \(ordered with it\) lives in argocd/);
  expect(f.message).toMatch(/the parent's Sync wave 2, which waits for it, never starts/);
  expect(f.fix).toMatch(/application\.namespaces and in AppProject default's spec\.sourceNamespaces/);
});

test('only children a later wave waits for: the last wave\'s child in another namespace holds nothing', () => {
  expect(findingsOf('application-outside-control-plane', yaml(app('database', 'argocd', '0'), app('console', 'team-web', '1')))).toEqual([]);
});

test('on a tie the earliest child\'s namespace is the shared one', () => {
  const found = findingsOf('application-outside-control-plane', yaml(app('database', 'team-db', '0'), app('cache', 'argocd', '1'), app('console', 'argocd', '2')));
  expect(found.map(f => f.name)).toEqual(['database']);
});

test('one namespace for all, or the AppProject among the manifests (application-project-forbids decides): nothing', () => {
  expect(findingsOf('application-outside-control-plane', yaml(app('database', 'team-a', '0'), app('console', 'team-a', '1')))).toEqual([]);
  const project = { ...k('argoproj.io/v1alpha1', 'AppProject', 'default', { spec: { sourceNamespaces: ['team-*'] } }, undefined), metadata: { name: 'default', namespace: 'argocd' } };
  expect(findingsOf('application-outside-control-plane', yaml(project, app('database', 'argocd', '0'), app('queue', 'argocd', '0'), app('cache', 'team-web', '1'), app('console', 'argocd', '2')))).toEqual([]);
});
