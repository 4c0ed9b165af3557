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

test('a field explain rests on that no Argo CD writes so is refused, naming it; absent and null fields are fine', () => {
  const app = (status: object, metadata: object = {}) => ({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: { name: 'x', ...metadata }, status });
  const refused = (o: object) => {
    try {
      readApplication(o);
    } catch (e) {
      expect(e).toBeInstanceOf(NotAnApplicationError);
      return (e as Error).message;
    }
    return undefined;
  };
  expect(refused(app({ operationState: { phase: 7 } }))).toBe('status.operationState.phase is 7, not a string as Argo CD writes it');
  expect(refused(app({ operationState: { phase: 'Running', startedAt: 'yesterday' } }))).toBe('status.operationState.startedAt is "yesterday", not an RFC 3339 time as Argo CD writes it');
  expect(refused(app({ operationState: { phase: 'Running', syncResult: { resources: 'nope' } } }))).toBe('status.operationState.syncResult.resources is "nope", not a list as Argo CD writes it');
  expect(refused(app({ resources: {} }))).toBe('status.resources is {}, not a list as Argo CD writes it');
  expect(refused(app({ operationState: ['Running'] }))).toBe('status.operationState is ["Running"], not a map as Argo CD writes it');
  expect(refused(app({}, { deletionTimestamp: 12 }))).toBe('metadata.deletionTimestamp is 12, not an RFC 3339 time as Argo CD writes it');
  expect(refused(app({ operationState: null, resources: null }))).toBeUndefined();
  let thrown: unknown;
  try {
    readApplication(app({ operationState: { phase: 'Running', startedAt: 'yesterday' } }));
  } catch (e) {
    thrown = e;
  }
  expect((thrown as NotAnApplicationError).field).toEqual(['status', 'operationState', 'startedAt']); // a reader points at its line
  expect(refused(app({ operationState: { phase: 'Running', startedAt: '2026-12-01T10:00:00Z', finishedAt: '' } }))).toBeUndefined();
});
