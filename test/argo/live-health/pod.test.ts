/** gitops-engine `TestPod` (pod-pending, -running-not-ready, -crashloop, -imagepullbackoff, -error, -running-restart-*, -failed, -succeeded), own objects. */
import { podHealth } from '../../../src/argo/live-health/pod';

const pod = (restartPolicy: string, status: object) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { restartPolicy }, status });
const waiting = (reason: string, message: string) => ({ name: 'app', ready: false, state: { waiting: { reason, message } } });

describe('TestPod', () => {
  test('pending → Progressing with the status message', () => {
    expect(podHealth(pod('Always', { phase: 'Pending', message: '0/3 nodes are available' }))).toEqual({ status: 'Progressing', message: '0/3 nodes are available' });
  });
  test('running, not ready → Progressing', () => {
    expect(podHealth(pod('Always', { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }], containerStatuses: [{ name: 'app', ready: false, state: { running: {} } }] })).status).toBe('Progressing');
  });
  test('crash loop → Degraded with the waiting message', () => {
    expect(podHealth(pod('Always', { phase: 'Running', containerStatuses: [waiting('CrashLoopBackOff', 'back-off 5m0s restarting failed container')] })))
      .toEqual({ status: 'Degraded', message: 'back-off 5m0s restarting failed container' });
  });
  test('image pull back-off and Err* reasons → Degraded', () => {
    expect(podHealth(pod('Always', { phase: 'Pending', containerStatuses: [waiting('ImagePullBackOff', 'Back-off pulling image "x:9"')] })).status).toBe('Degraded');
    expect(podHealth(pod('Always', { phase: 'Pending', containerStatuses: [waiting('ErrImagePull', 'pull denied')] })).status).toBe('Degraded');
    expect(podHealth(pod('Always', { phase: 'Pending', containerStatuses: [waiting('CreateContainerConfigError', 'secret "db" not found')] })).status).toBe('Degraded');
  });
  test('a hook Pod (Never) with an image pull error is not Degraded early: Pending → Progressing', () => {
    expect(podHealth(pod('Never', { phase: 'Pending', containerStatuses: [waiting('ImagePullBackOff', 'x')] })).status).toBe('Progressing');
  });
  test('error: a not-ready Always Pod with a previous termination → Degraded', () => {
    expect(podHealth(pod('Always', { phase: 'Running', containerStatuses: [{ name: 'app', ready: false, state: { running: {} }, lastState: { terminated: { exitCode: 1 } } }] })).status).toBe('Degraded');
  });
  test('running: Always and Ready → Healthy; Never / OnFailure → Progressing', () => {
    const running = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
    expect(podHealth(pod('Always', running)).status).toBe('Healthy');
    expect(podHealth(pod('Never', running)).status).toBe('Progressing');
    expect(podHealth(pod('OnFailure', running)).status).toBe('Progressing');
  });
  test('failed → Degraded, message from status, else a container\'s termination', () => {
    expect(podHealth(pod('Never', { phase: 'Failed', message: 'evicted' })).message).toBe('evicted');
    expect(podHealth(pod('Never', { phase: 'Failed', containerStatuses: [{ name: 'm', state: { terminated: { exitCode: 3 } } }] })))
      .toEqual({ status: 'Degraded', message: 'container "m" failed with exit code 3' });
    expect(podHealth(pod('Never', { phase: 'Failed', initContainerStatuses: [{ name: 'i', state: { terminated: { reason: 'OOMKilled', exitCode: 137 } } }] })).message).toBe('OOMKilled');
  });
  test('succeeded → Healthy', () => expect(podHealth(pod('Never', { phase: 'Succeeded' })).status).toBe('Healthy'));
  test('an unknown phase → Unknown', () => expect(podHealth(pod('Always', { phase: 'Weird' })).status).toBe('Unknown'));
});

/**
 * gitops-engine `TestPod` since 3.6 (argo-cd PR #28249: pod-running-restart-never-with-ignore-annotation,
 * -hook-with-ignore-annotation, -with-ignore-annotation-backoff): `argocd.argoproj.io/ignore-restart-policy: "true"`
 * judges a Never/OnFailure Pod like an Always one, unless the Pod is a hook. Own objects.
 */
describe('TestPod: ignore-restart-policy since 3.6', () => {
  const IGNORE = { 'argocd.argoproj.io/ignore-restart-policy': 'true' };
  const annotated = (restartPolicy: string, status: object, annotations: Record<string, string>) =>
    ({ ...pod(restartPolicy, status), metadata: { name: 'worker', annotations } });
  const ready = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }], containerStatuses: [{ name: 'app', ready: true, state: { running: {} } }] };

  test('a ready Never Pod with the annotation is Healthy since 3.6, Progressing before', () => {
    const obj = annotated('Never', ready, IGNORE);
    expect(podHealth(obj).status).toBe('Healthy');
    expect(podHealth(obj, '3.6').status).toBe('Healthy');
    expect(podHealth(obj, '3.5').status).toBe('Progressing');
    expect(podHealth(annotated('OnFailure', ready, IGNORE)).status).toBe('Healthy');
  });
  test('only the exact value "true" counts', () => {
    expect(podHealth(annotated('Never', ready, { 'argocd.argoproj.io/ignore-restart-policy': 'True' })).status).toBe('Progressing');
  });
  test('a hook Pod keeps its restart policy: still Progressing while it runs', () => {
    expect(podHealth(annotated('Never', ready, { ...IGNORE, 'argocd.argoproj.io/hook': 'PostSync' })).status).toBe('Progressing');
    expect(podHealth(annotated('Never', ready, { ...IGNORE, 'helm.sh/hook': 'post-install' })).status).toBe('Progressing');
  });
  test('a back-off of an annotated Never Pod is Degraded since 3.6 (the Always rule); Progressing before', () => {
    const obj = annotated('Never', { phase: 'Running', containerStatuses: [waiting('ImagePullBackOff', 'Back-off pulling image "worker:2"')] }, IGNORE);
    expect(podHealth(obj)).toEqual({ status: 'Degraded', message: 'Back-off pulling image "worker:2"' });
    expect(podHealth(obj, '3.5').status).toBe('Progressing');
  });
  test('a not-ready annotated Pod that restarted is Degraded, as an Always one', () => {
    const restarted = { phase: 'Running', containerStatuses: [{ name: 'app', ready: false, state: { running: {} }, lastState: { terminated: { exitCode: 1 } } }] };
    expect(podHealth(annotated('OnFailure', restarted, IGNORE)).status).toBe('Degraded');
    expect(podHealth(annotated('OnFailure', restarted, IGNORE), '3.5').status).toBe('Progressing');
  });
});
