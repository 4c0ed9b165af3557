/** gitops-engine `TestServiceHealth` and `TestIngressHealth`, own objects. */
import { ingressHealth, serviceHealth } from '../../../src/argo/live-health/service';

const svc = (type: string, ingress?: object[]) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { type }, status: ingress ? { loadBalancer: { ingress } } : {} });
const ing = (ingress?: object[]) => ({ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'i' }, status: { loadBalancer: ingress ? { ingress } : {} } });

describe('TestServiceHealth', () => {
  test('ClusterIP → Healthy', () => expect(serviceHealth(svc('ClusterIP')).status).toBe('Healthy'));
  test('LoadBalancer with an ingress → Healthy', () => expect(serviceHealth(svc('LoadBalancer', [{ ip: '10.0.0.1' }])).status).toBe('Healthy'));
  test('LoadBalancer unassigned → Progressing', () => expect(serviceHealth(svc('LoadBalancer')).status).toBe('Progressing'));
  test('LoadBalancer with an empty list → Progressing', () => expect(serviceHealth(svc('LoadBalancer', [])).status).toBe('Progressing'));
});

describe('TestIngressHealth', () => {
  test('assigned → Healthy', () => expect(ingressHealth(ing([{ hostname: 'lb.example.com' }])).status).toBe('Healthy'));
  test('unassigned → Progressing', () => expect(ingressHealth(ing()).status).toBe('Progressing'));
  test('extensions/v1beta1 is read the same way', () => expect(ingressHealth({ ...ing([{ ip: '1.2.3.4' }]), apiVersion: 'extensions/v1beta1' }).status).toBe('Healthy'));
});
