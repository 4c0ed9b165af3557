/**
 * App-of-apps, after the bootstrap pattern of argoproj/argocd-example-apps `apps/` rendered: an
 * AppProject in an early wave, then child Applications of that project.
 */
import { findingsOf } from '../rules/helpers';

const project = (wave: string) => `
apiVersion: argoproj.io/v1alpha1
kind: AppProject
metadata:
  name: platform
  namespace: argocd
  annotations:
    argocd.argoproj.io/sync-wave: "${wave}"
spec:
  sourceRepos: ['*']
`;

const app = (name: string, wave: string, kind = 'Application') => kind === 'Application' ? `
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: ${name}
  namespace: argocd
  annotations:
    argocd.argoproj.io/sync-wave: "${wave}"
spec:
  project: platform
  source: { repoURL: https://charts.jetstack.io, chart: cert-manager, targetRevision: v1.14.0 }
  destination: { server: https://kubernetes.default.svc, namespace: cert-manager }
` : `
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata:
  name: ${name}
  namespace: argocd
  annotations:
    argocd.argoproj.io/sync-wave: "${wave}"
spec:
  generators: [{ list: { elements: [{ env: dev }] } }]
  template:
    metadata: { name: '{{env}}-web' }
    spec:
      project: platform
      source: { repoURL: https://example.com/web.git, path: web }
      destination: { server: https://kubernetes.default.svc, namespace: web }
`;

describe('wave-unneeded: an Application uses its AppProject', () => {
  test('the wave between AppProject/platform and Application/cert-manager orders something: kinds Argo CD does not list are applied together', () => {
    expect(findingsOf('wave-unneeded', project('-10') + '---' + app('cert-manager', '-5'))).toEqual([]);
  });

  test('an ApplicationSet template\'s project counts the same', () => {
    expect(findingsOf('wave-unneeded', project('-10') + '---' + app('apps', '-5', 'ApplicationSet'))).toEqual([]);
  });

  test('whatever the names: AppProject and Application both rank 0 in kind order, so one wave applies them together', () => {
    expect(findingsOf('wave-unneeded', project('-10') + '---' + app('web', '-5'))).toEqual([]);
  });

  test('another project\'s name is no use', () => {
    const [f] = findingsOf('wave-unneeded', project('-10') + '---' + app('cert-manager', '-5').replace('project: platform', 'project: default'));
    expect(f.message).toContain('nothing in it uses anything from an earlier wave');
  });
});
