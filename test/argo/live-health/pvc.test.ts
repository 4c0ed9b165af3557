/** gitops-engine `TestPVCHealth` (pvc-bound, pvc-pending), own objects; Lost and an empty phase from `health_pvc.go`. */
import { pvcHealth } from '../../../src/argo/live-health/pvc';

const pvc = (phase?: string) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' }, status: phase ? { phase } : {} });

test.each([['Bound', 'Healthy'], ['Pending', 'Progressing'], ['Lost', 'Degraded'], [undefined, 'Unknown']])('TestPVCHealth: phase %s → %s', (phase, status) => {
  expect(pvcHealth(pvc(phase))).toEqual({ status, message: '' });
});
