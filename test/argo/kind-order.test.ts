import { KIND_ORDER, kindRank } from '../../src/argo';

describe('kind order (gitops-engine pkg/sync/sync_tasks.go kindOrder)', () => {
  test('Test_syncTasks_kindOrder', () => {
    expect(kindRank('Namespace')).toBe(-35);
    expect(kindRank('APIService')).toBe(-1);
    expect(kindRank('MyCRD')).toBe(0);
  });

  test('35 distinct kinds, ranks strictly increasing', () => {
    expect(KIND_ORDER).toHaveLength(35);
    expect(new Set(KIND_ORDER).size).toBe(35);
    KIND_ORDER.forEach((kind, i) => expect(kindRank(kind)).toBe(i - 35));
  });

  test('the surprising parts: Secret/ConfigMap/PVC before CRD, Service before workloads, webhooks unknown', () => {
    expect(kindRank('Secret')).toBeLessThan(kindRank('CustomResourceDefinition'));
    expect(kindRank('PersistentVolumeClaim')).toBeLessThan(kindRank('CustomResourceDefinition'));
    expect(kindRank('Service')).toBeLessThan(kindRank('DaemonSet'));
    expect(kindRank('Service')).toBeLessThan(kindRank('Deployment'));
    expect(kindRank('Job')).toBeLessThan(kindRank('Ingress'));
    for (const kind of ['ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration', 'PriorityClass', 'EndpointSlice', 'Application', 'namespace']) {
      expect(kindRank(kind)).toBe(0);
    }
  });
});
