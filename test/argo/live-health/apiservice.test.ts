/** gitops-engine `TestAPIService` (v1 / v1beta1, Available true / false), own objects. */
import { apiServiceHealth } from '../../../src/argo/live-health/apiservice';

const api = (version: string, conditions?: object[]) => ({ apiVersion: `apiregistration.k8s.io/${version}`, kind: 'APIService', metadata: { name: 'v1beta1.metrics.k8s.io' }, status: conditions ? { conditions } : {} });

test.each(['v1', 'v1beta1'])('TestAPIService %s: Available True → Healthy, False → Progressing, none → waiting', (version) => {
  expect(apiServiceHealth(api(version, [{ type: 'Available', status: 'True', reason: 'Passed', message: 'all checks passed' }])))
    .toEqual({ status: 'Healthy', message: 'Passed: all checks passed' });
  expect(apiServiceHealth(api(version, [{ type: 'Available', status: 'False', reason: 'FailedDiscoveryCheck', message: 'no response' }])).status).toBe('Progressing');
  expect(apiServiceHealth(api(version))).toEqual({ status: 'Progressing', message: 'Waiting to be processed' });
});
