/**
 * A vendored Helm hook: a Job annotated `helm.sh/hook: pre-install` (as a rendered chart carries it,
 * here an `ApiObject`), which Argo CD runs as a PreSync hook, in a chart whose Namespace the library
 * orders before what lives in it (#10 §5, third bullet).
 */
import { ApiObject, App, Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { SmokeTest, Tier } from '../../src';

export function helmHookApp(app: App): void {
  const chart = new Chart(app, 'search', { namespace: 'search', disableResourceNameHashes: true });
  new kplus.Namespace(chart, 'namespace', { metadata: { name: 'search' } });
  new ApiObject(chart, 'init-index', {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: 'search-init-index',
      annotations: {
        'helm.sh/hook': 'pre-install',
        'helm.sh/hook-delete-policy': 'before-hook-creation,hook-succeeded',
      },
    },
    spec: {
      backoffLimit: 0,
      activeDeadlineSeconds: 600,
      template: {
        spec: {
          restartPolicy: 'Never',
          automountServiceAccountToken: false,
          securityContext: { runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } },
          containers: [{
            name: 'init-index',
            image: 'registry.internal/search-tools:3.2.0',
            command: ['create-index', '--if-missing'],
            resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } },
            securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
          }],
        },
      },
    },
  });
  const search = new kplus.Deployment(chart, 'search', {
    containers: [{ name: 'search', image: 'registry.internal/search:3.2.0', portNumber: 9200, readiness: kplus.Probe.fromHttpGet('/_health') }],
  });
  const config = new kplus.ConfigMap(chart, 'config', { data: { HEAP: '1g' } });
  const configTier = new Tier(chart, 'config-tier').add(config);
  const service = search.exposeViaService();
  new Tier(chart, 'search-tier', { after: [configTier] }).add(search, service);
  new SmokeTest(chart, 'smoke', { service, path: '/_health' });
}
