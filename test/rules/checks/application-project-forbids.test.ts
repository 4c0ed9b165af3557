/** application-project-forbids: argo-cd `IsAppNamespacePermitted` and `IsDestinationPermitted` (docs/operator-manual/app-any-namespace.md). */
import { k, wave, yaml } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

const project = (spec: Record<string, unknown>) => k('argoproj.io/v1alpha1', 'AppProject', 'platform', { spec }, undefined);
const inNs = (o: any, namespace: string) => ({ ...o, metadata: { ...o.metadata, namespace } });
const app = (name: string, namespace: string, destination: string, w: string) => inNs(k('argoproj.io/v1alpha1', 'Application', name, {
  spec: { project: 'platform', source: { repoURL: 'https://git.example.com/p.git', path: name }, destination: { server: 'https://kubernetes.default.svc', namespace: destination } },
}, wave(w)), namespace);

const proj = (spec: Record<string, unknown>) => inNs(project(spec), 'argocd');
const DEST = [{ server: '*', namespace: 'db' }, { server: '*', namespace: 'web' }];

ruleCase('application-project-forbids', {
  ref: 'argo-cd IsAppNamespacePermitted',
  trips: yaml(proj({ destinations: DEST }), app('database', 'argocd', 'db', '0'), app('console', 'team-web', 'web', '1')),
  passes: yaml(proj({ destinations: DEST, sourceNamespaces: ['team-*'] }), app('database', 'argocd', 'db', '0'), app('console', 'team-web', 'web', '1')),
});

test('an Application outside the control plane namespace its AppProject does not list: named, with application.namespaces in the fix', () => {
  const [f] = findingsOf('application-project-forbids', yaml(proj({ destinations: DEST }), app('console', 'team-web', 'web', '1')));
  expect(f.name).toBe('console');
  expect(f.message).toMatch(/lives in namespace team-web, which AppProject platform does not permit \(spec\.sourceNamespaces\)/);
  expect(f.fix).toMatch(/application\.namespaces/);
});

test('a destination namespace the AppProject does not permit', () => {
  const [f] = findingsOf('application-project-forbids', yaml(proj({ destinations: [{ server: '*', namespace: 'db' }] }), app('console', 'argocd', 'web', '1')));
  expect(f.message).toMatch(/syncs to namespace web, which AppProject platform does not permit \(spec\.destinations\)/);
});

test('what the YAML does not decide is not reported: no AppProject in the manifests, a regex, a deny entry', () => {
  expect(findingsOf('application-project-forbids', yaml(app('console', 'team-web', 'web', '1')))).toEqual([]);
  expect(findingsOf('application-project-forbids', yaml(proj({ destinations: DEST, sourceNamespaces: ['/team-.*/'] }), app('console', 'team-web', 'web', '1')))).toEqual([]);
  expect(findingsOf('application-project-forbids', yaml(proj({ destinations: [{ server: '*', namespace: '!kube-system' }] }), app('console', 'argocd', 'web', '1')))).toEqual([]);
});

describe('the destination cluster (argo-cd isDestinationMatched: server or name, with the namespace)', () => {
  const to = (destination: Record<string, string>) => inNs(k('argoproj.io/v1alpha1', 'Application', 'console', {
    spec: { project: 'platform', source: { repoURL: 'https://git.example.com/p.git', path: 'console' }, destination },
  }, wave('1')), 'argocd');
  const IN = 'https://kubernetes.default.svc';

  test('a server no entry permits with the namespace: named, at spec.destination.server', () => {
    const p = proj({ destinations: [{ server: IN, namespace: 'web' }] });
    const [f] = findingsOf('application-project-forbids', yaml(p, to({ server: 'https://prod.example.com:6443', namespace: 'web' })));
    expect(f.message).toMatch(/syncs to cluster https:\/\/prod\.example\.com:6443 \(spec\.destination\.server\), which no entry of AppProject platform's spec\.destinations permits with namespace web/);
    expect(f.fix).toBe('add a destination with server https://prod.example.com:6443 and namespace web to AppProject platform, or sync to a cluster it permits');
    expect(findingsOf('application-project-forbids', yaml(p, to({ server: IN, namespace: 'web' })))).toEqual([]);
  });

  test('a cluster name: decided by name patterns only when no entry names a server (the name stands for a server not in the manifests)', () => {
    const byName = proj({ destinations: [{ name: 'prod-*', namespace: 'web' }] });
    expect(findingsOf('application-project-forbids', yaml(byName, to({ name: 'staging', namespace: 'web' })))[0].message).toMatch(/syncs to cluster staging \(spec\.destination\.name\)/);
    expect(findingsOf('application-project-forbids', yaml(byName, to({ name: 'prod-eu', namespace: 'web' })))).toEqual([]);
    expect(findingsOf('application-project-forbids', yaml(proj({ destinations: [{ server: IN, namespace: 'web' }] }), to({ name: 'staging', namespace: 'web' })))).toEqual([]);
  });

  test('a namespace not permitted at all is reported once, as the namespace', () => {
    const found = findingsOf('application-project-forbids', yaml(proj({ destinations: [{ server: IN, namespace: 'db' }] }), to({ server: 'https://x.example.com', namespace: 'web' })));
    expect(found.map(f => f.message.replace(/^.*?: /, ''))).toEqual([expect.stringMatching(/^syncs to namespace web/)]);
  });
});
