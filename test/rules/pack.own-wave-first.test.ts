/**
 * #10 §7: a finding about what a later wave waits on names the object's own wave first
 * ("Ingress/x in Sync wave 0 makes Sync wave 1 wait until ..."), so the reader knows where the
 * object is before reading what it holds up.
 */
import { findingsOf } from './helpers';

const wave = (w: number) => `annotations: { argocd.argoproj.io/sync-wave: "${w}" }`;
const later = `---
apiVersion: v1
kind: ConfigMap
metadata: { name: later, ${wave(1)} }
`;
const pod = (extra = '') => `template:
    spec:
      containers:
        - name: web
          image: web:1
${extra}`;

test.each([
  ['load-balancer-gates-wave', `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: { name: web, ${wave(0)} }
spec: { defaultBackend: { service: { name: web, port: { number: 80 } } } }
`, /^Ingress\/web \(app\.yaml:\d+\): is in Sync wave 0, which makes Sync wave 1 wait until a controller fills/],
  ['pvc-gates-wave', `apiVersion: v1
kind: PersistentVolumeClaim
metadata: { name: data, ${wave(0)} }
spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }
`, /^PersistentVolumeClaim\/data \(app\.yaml:\d+\): is in Sync wave 0, which makes Sync wave 1 wait for it to be Bound/],
  ['readiness-probe-missing', `apiVersion: apps/v1
kind: Deployment
metadata: { name: web, ${wave(0)} }
spec:
  ${pod()}`, /^Deployment\/web \(app\.yaml:\d+\): is in Sync wave 0, which makes Sync wave 1 wait for it to be Healthy/],
  ['wave-gate-no-health', `apiVersion: example.com/v1
kind: Widget
metadata: { name: w, ${wave(0)} }
`, /^Widget\/w \(app\.yaml:\d+\): is in Sync wave 0, and Sync wave 1 starts ~2 s after it is applied/],
  ['gate-never-opens', `apiVersion: apps/v1
kind: Deployment
metadata: { name: web, ${wave(0)} }
spec:
  paused: true
  ${pod('          readinessProbe: { httpGet: { path: /, port: 80 } }\n')}`, /^Deployment\/web \(app\.yaml:\d+\): is in Sync wave 0 with spec\.paused: true/],
  ['reads-resource-created-later', `apiVersion: apps/v1
kind: Deployment
metadata: { name: web, ${wave(0)} }
spec:
  ${pod('          readinessProbe: { httpGet: { path: /, port: 80 } }\n          envFrom: [{ configMapRef: { name: later } }]\n')}`,
  /^Deployment\/web \(app\.yaml:\d+\): is in Sync wave 0 and needs ConfigMap\/later, which is created only in Sync wave 1/],
])('%s names the object\'s own wave first', (rule, yaml, expected) => {
  const findings = findingsOf(rule, yaml + later, { installedCrds: ['example.com/Widget'] });
  expect(findings.map((f) => f.message)).toEqual([expect.stringMatching(expected)]);
});
