/** Reading an Application's status (fields of `pkg/apis/application/v1alpha1/types.go`). */
import { deploysInCluster, NotAnApplicationError, readApplication } from '../../../src/argo/live/application';

test('operationState, syncResult.resources, status.resources, health; absent fields are defaults', () => {
  const app = readApplication({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'a', namespace: 'argocd' },
    spec: { destination: { namespace: 'web' }, syncPolicy: { syncOptions: ['PruneLast=true'] } },
    status: {
      health: { status: 'Progressing' },
      resourceHealthSource: 'appTree',
      resources: [{ group: 'apps', version: 'v1', kind: 'Deployment', namespace: 'web', name: 'api', status: 'Synced', health: { status: 'Healthy' } },
        { version: 'v1', kind: 'ConfigMap', namespace: 'web', name: 'c', syncWave: -1, hook: true }],
      operationState: {
        phase: 'Running',
        message: 'm',
        startedAt: '2026-01-01T00:00:00Z',
        retryCount: 1,
        syncResult: { revision: 'abc', resources: [{ group: 'batch', version: 'v1', kind: 'Job', namespace: 'web', name: 'j', hookType: 'PreSync', hookPhase: 'Running', syncPhase: 'PreSync' }] },
      },
    },
  });
  expect(app).toMatchObject({ name: 'a', destinationNamespace: 'web', syncOptions: ['PruneLast=true'], health: { status: 'Progressing' }, resourceHealthSource: 'appTree' });
  expect(app.resources[0].health).toEqual({ status: 'Healthy', message: '' });
  // syncWave is omitempty upstream: absent means 0.
  expect(app.resources.map(r => [r.syncWave, r.hook])).toEqual([[0, false], [-1, true]]);
  expect(app.operation).toMatchObject({ phase: 'Running', retryCount: 1, revision: 'abc', results: [{ kind: 'Job', hookPhase: 'Running', status: '' }] });
});

test('argocd app get -o json (no kind) is read; another kind is refused with what it is', () => {
  expect(readApplication({ metadata: { name: 'x' }, status: {} }).name).toBe('x');
  expect(() => readApplication({ apiVersion: 'v1', kind: 'ConfigMap' })).toThrow(NotAnApplicationError);
  expect(() => readApplication({ apiVersion: 'v1', kind: 'ConfigMap' })).toThrow('expected an argoproj.io Application, got v1 ConfigMap');
  expect(() => readApplication(['x'])).toThrow(NotAnApplicationError);
});

test('the destination cluster: read as written; in-cluster by Argo CD\'s own server address or name', () => {
  const app = (destination: Record<string, string>) => readApplication({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: { name: 'a' }, spec: { destination }, status: {} });
  expect(app({ server: 'https://prod.example.com:6443', namespace: 'shop' })).toMatchObject({ destinationServer: 'https://prod.example.com:6443', destinationName: '', destinationNamespace: 'shop' });
  expect(deploysInCluster(app({ server: 'https://kubernetes.default.svc' }))).toBe(true);
  expect(deploysInCluster(app({ name: 'in-cluster' }))).toBe(true);
  expect(deploysInCluster(app({}))).toBe(true); // nothing said: nothing to warn about
  expect(deploysInCluster(app({ name: 'prod' }))).toBe(false);
  expect(deploysInCluster(app({ server: 'https://prod.example.com:6443' }))).toBe(false);
});
