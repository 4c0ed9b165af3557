/** Known traps, each from the fields that show it. */
import { trapReason } from '../../../src/argo/live/traps';

const base = { group: 'apps', kind: 'Deployment', name: 'api', hook: false, healthSource: 'live', pods: [], resultMessage: '' };
const pod = (containerStatuses: object[], conditions: object[] = []) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'api-abc12-xyz', namespace: 'n', ownerReferences: [{ kind: 'ReplicaSet', name: 'api-abc12' }] }, status: { containerStatuses, conditions } });

test('an image that does not pull, a crash loop, an unschedulable Pod, a failing readiness probe', () => {
  const progressing = { ...base, health: { status: 'Progressing', message: '' } };
  expect(trapReason({ ...progressing, pods: [pod([{ name: 'c', state: { waiting: { reason: 'ImagePullBackOff', message: 'Back-off pulling image' } } }])] })).toMatch(/image does not pull/);
  expect(trapReason({ ...progressing, pods: [pod([{ name: 'c', state: { waiting: { reason: 'CrashLoopBackOff' } } }])] })).toMatch(/crash-loops/);
  expect(trapReason({ ...progressing, pods: [pod([], [{ type: 'PodScheduled', status: 'False', message: '0/3 nodes are available' }])] })).toMatch(/cannot be scheduled.*0\/3 nodes/);
  expect(trapReason({ ...progressing, pods: [pod([{ name: 'c', ready: false, state: { running: {} } }])] })).toMatch(/readiness probe fails/);
  expect(trapReason(progressing)).toBeUndefined();
});

test('Ingress and LoadBalancer status no controller fills; PVC waiting for a consumer; Missing; paused', () => {
  expect(trapReason({ ...base, group: 'networking.k8s.io', kind: 'Ingress', health: { status: 'Progressing', message: '' } })).toMatch(/ingress controller/);
  expect(trapReason({ ...base, group: '', kind: 'Service', health: { status: 'Progressing', message: '' } })).toMatch(/LoadBalancer/);
  expect(trapReason({ ...base, group: '', kind: 'PersistentVolumeClaim', health: { status: 'Progressing', message: '' } })).toMatch(/WaitForFirstConsumer/);
  expect(trapReason({ ...base, health: { status: 'Missing', message: '' } })).toMatch(/does not exist/);
  expect(trapReason({ ...base, health: { status: 'Suspended', message: 'Deployment is paused' } })).toMatch(/paused/);
});

test('a hook deleted by its TTL (3.4+ message), a Job at its backoff limit, no health source', () => {
  expect(trapReason({ ...base, group: 'batch', kind: 'Job', hook: true, resultMessage: 'Resource batch/Job/m is missing, it might have been deleted' })).toMatch(/ttlSecondsAfterFinished/);
  const live = { apiVersion: 'batch/v1', kind: 'Job', spec: { backoffLimit: 2 }, status: { conditions: [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' }] } };
  expect(trapReason({ ...base, group: 'batch', kind: 'Job', live, health: { status: 'Degraded', message: '' } })).toMatch(/backoffLimit \(2 retries\)/);
  expect(trapReason({ ...base, healthSource: 'unknown' })).toMatch(/--tree or --live/);
});

test('a hook Job gone while awaited (before 3.4): deleted by its TTL, with the manifest\'s value when known', () => {
  const gone = { ...base, group: 'batch', kind: 'Job', hook: true, health: { status: 'Missing', message: '' } };
  expect(trapReason(gone)).toMatch(/^the hook Job is gone while Argo CD still waits for its result: deleted by its TTL or by hand/);
  expect(trapReason({ ...gone, ttlSecondsAfterFinished: 0 })).toMatch(/its ttlSecondsAfterFinished is 0/);
});

test('a custom resource with no health check: done on apply, and how to make the wave wait', () => {
  expect(trapReason({ ...base, group: 'example.com', kind: 'Widget', healthSource: 'none' }))
    .toMatch(/no health check for example\.com\/Widget: it counts as done once applied.*resource\.customizations\.health\.example\.com_Widget/);
});

test('a hook still being deleted: a claim, Namespace or CRD hook says what its deletion takes and names the rule; a Job hook does not', () => {
  const pending = { health: { status: 'Progressing', message: 'Pending deletion' }, hook: true };
  const claim = trapReason({ ...base, ...pending, group: '', kind: 'PersistentVolumeClaim', name: 'uploads' });
  expect(claim).toMatch(/^the hook's previous run is still being deleted \(delete policy BeforeHookCreation: .*\); deleting a claim releases its volume/);
  expect(claim).toContain('while a Pod mounts the claim the deletion waits (kubernetes.io/pvc-protection)');
  expect(claim).toContain('make it a plain resource, not a hook (rule hook-deletes-data)');
  const job = trapReason({ ...base, ...pending, group: 'batch', kind: 'Job', name: 'migrate', deletePolicies: ['BeforeHookCreation', 'HookSucceeded'] });
  expect(job).toBe("the hook's previous run is still being deleted (delete policy BeforeHookCreation,HookSucceeded: Argo CD deletes the old hook before it creates the new one, "
    + 'and waits while a finalizer holds it)');
});

test('a StatefulSet Pod that never became Ready: named, and to be deleted once the fix is synced (OrderedReady only)', () => {
  const stsPod = { ...pod([{ name: 'pg', state: { waiting: { reason: 'ImagePullBackOff' } } }]), metadata: { name: 'db-2', namespace: 'n', ownerReferences: [{ kind: 'StatefulSet', name: 'db' }] } };
  const sts = { ...base, kind: 'StatefulSet', name: 'db', health: { status: 'Progressing', message: 'Waiting for 1 pods to be ready...' }, pods: [stsPod] };
  const stuck = trapReason(sts);
  expect(stuck).toMatch(/^the image does not pull \(Pod db-2, container pg: ImagePullBackOff\)/);
  expect(stuck).toMatch(/the StatefulSet will not replace Pod db-2 by itself, even once the template is fixed .*forced rollback.*kubectl delete pod db-2 -n n$/);
  const live = (spec: object) => ({ apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'n' }, spec });
  expect(trapReason({ ...sts, live: live({ podManagementPolicy: 'OrderedReady' }) })).toContain('kubectl delete pod db-2');
  // Parallel goes on to replace the Pod; OnDelete is never awaited: the Pod's reason alone.
  expect(trapReason({ ...sts, live: live({ podManagementPolicy: 'Parallel' }) })).toBe('the image does not pull (Pod db-2, container pg: ImagePullBackOff); check the image name, tag and imagePullSecrets');
  expect(trapReason({ ...sts, live: live({ updateStrategy: { type: 'OnDelete' } }) })).not.toContain('kubectl delete pod');
  // A Deployment replaces its Pods itself: no such note.
  expect(trapReason({ ...base, health: { status: 'Progressing', message: '' }, pods: [pod([{ name: 'c', state: { waiting: { reason: 'CrashLoopBackOff' } } }])] })).not.toContain('kubectl delete pod');
});

test('Pods the API server refuses (ReplicaFailure on the Deployment or ReplicaSet): said while Progressing and once past the deadline', () => {
  const refused = { type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate', message: 'pods "api-7c9-x" is forbidden: exceeded quota: compute, requested: cpu=2, used: cpu=3, limited: cpu=4' };
  const live = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api', namespace: 'n' }, status: { conditions: [{ type: 'Available', status: 'False' }, refused] } };
  const progressing = { ...base, live, health: { status: 'Progressing', message: 'Waiting for rollout to finish: 0 of 2 updated replicas are available...' } };
  expect(trapReason(progressing)).toBe('the API server refuses to create its Pods (FailedCreate: pods "api-7c9-x" is forbidden: exceeded quota: compute, requested: cpu=2, used: cpu=3, limited: cpu=4); '
    + "fix the Pod template, or the namespace's ResourceQuota, LimitRange or Pod Security level that refuses it");
  expect(trapReason({ ...progressing, kind: 'ReplicaSet' })).toMatch(/^the API server refuses to create its Pods/);
  expect(trapReason({ ...base, live, health: { status: 'Degraded', message: 'Deployment "api" exceeded its progress deadline' } }))
    .toMatch(/^the API server refuses to create its Pods \(FailedCreate: .*\); fix the Pod template.*; Argo CD marks it Degraded and fails the sync$/);
  // A condition that is not True, or on a kind the controllers do not write it to, says nothing of it.
  expect(trapReason({ ...progressing, live: { ...live, status: { conditions: [{ ...refused, status: 'False' }] } } })).not.toMatch(/refuses/);
  expect(trapReason({ ...progressing, kind: 'StatefulSet' })).not.toMatch(/refuses/);
});

test('new Pods not ready with no Pod to read: ask for --live, or, when it was given, for the Pods it lacked', () => {
  const progressing = { ...base, health: { status: 'Progressing', message: 'Waiting for rollout to finish: 0 of 2 updated replicas are available...' } };
  expect(trapReason(progressing)).toMatch(/give --live with the Pods to see which$/);
  const live = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api', namespace: 'n' }, status: {} };
  expect(trapReason({ ...progressing, live })).toMatch(/none of its Pods is among the live objects given, add them \(kubectl get pods -n n -o yaml\)/);
});

test('a child Application with no automated sync that nothing syncs: the parent never syncs a child (argo-cd #1932), so say who must', () => {
  const child = { ...base, group: 'argoproj.io', kind: 'Application', name: 'db', namespace: 'argocd', health: { status: 'Progressing', message: 'health is Missing' } };
  const live = (spec: object, status: object, extra: object = {}) => ({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: { name: 'db', namespace: 'argocd' }, spec, status, ...extra });
  const outOfSync = { sync: { status: 'OutOfSync' }, health: { status: 'Missing' } };
  expect(trapReason({ ...child, live: live({ project: 'default' }, outOfSync) }))
    .toBe('the child Application has no automated sync and nothing is syncing it (sync status OutOfSync): the parent applies a child Application but never syncs it (argo-cd #1932), '
      + 'so this step waits until someone does: argocd app sync argocd/db, or give the child spec.syncPolicy.automated');
  // Automated, a sync requested or running, already Synced, or failed: the child's own blockers, as before.
  for (const other of [
    live({ syncPolicy: { automated: {} } }, outOfSync),
    live({}, outOfSync, { operation: { sync: {} } }),
    live({}, { ...outOfSync, operationState: { phase: 'Running' } }),
    live({}, { sync: { status: 'Synced' }, health: { status: 'Progressing' } }),
  ]) expect(trapReason({ ...child, live: other })).toMatch(/^the child Application is Progressing/);
  expect(trapReason({ ...child, health: { status: 'Degraded', message: '' }, live: live({}, outOfSync) })).toMatch(/^the child Application is Degraded/);
});

test('a child Application not yet Healthy (app of apps): the command that explains the child', () => {
  const child = { ...base, group: 'argoproj.io', kind: 'Application', name: 'payments', namespace: 'argocd' };
  expect(trapReason({ ...child, health: { status: 'Progressing', message: '' } }))
    .toBe('the child Application is Progressing, and this step waits until its own sync finishes Healthy; see why with kubectl get application payments -n argocd -o json | syncplan explain -');
  expect(trapReason({ ...child, health: { status: 'Degraded', message: '' } })).toMatch(/^the child Application is Degraded, which fails this sync; see why with kubectl get application payments/);
  expect(trapReason({ ...child, health: { status: 'Missing', message: '' } })).toMatch(/does not exist/);
  // Another group's kind named Application is not Argo CD's.
  expect(trapReason({ ...child, group: 'app.k8s.io', health: { status: 'Progressing', message: '' } })).toBeUndefined();
});

test('a Degraded HPA: its deciding condition from the live object, else the metrics API error of its health message', () => {
  const metrics = 'the HPA was unable to compute the replica count: failed to get cpu utilization: unable to get metrics for resource cpu: no metrics returned from resource metrics API';
  const hpa = { ...base, group: 'autoscaling', kind: 'HorizontalPodAutoscaler', name: 'api', health: { status: 'Degraded', message: metrics } };
  expect(trapReason(hpa)).toBe(`the HPA cannot read its target's resource metrics (${metrics}): Argo CD counts the HPA Degraded, which fails the sync; `
    + 'check that metrics-server runs (kubectl top pods) and that every container of the target requests the resource the HPA scales on');
  const live = (conditions: object[]) => ({ apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'api', namespace: 'n' }, status: { conditions } });
  const noTarget = live([{ type: 'AbleToScale', status: 'False', reason: 'FailedGetScale', message: 'deployments/scale.apps "apii" not found' }]);
  expect(trapReason({ ...hpa, live: noTarget, health: { status: 'Degraded', message: 'deployments/scale.apps "apii" not found' } }))
    .toBe('the HPA cannot read the scale of its target (deployments/scale.apps "apii" not found): Argo CD counts the HPA Degraded, which fails the sync; check spec.scaleTargetRef (kind, name, apiVersion)');
  // v1 keeps its conditions in an annotation; the same reader finds them.
  const v1 = { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'api', annotations: { 'autoscaling.alpha.kubernetes.io/conditions': JSON.stringify([{ type: 'ScalingActive', status: 'False', reason: 'FailedGetResourceMetric', message: 'missing request for cpu' }]) } } };
  expect(trapReason({ ...hpa, live: v1, health: { status: 'Degraded', message: 'missing request for cpu' } })).toMatch(/^the HPA cannot read its target's resource metrics \(missing request for cpu\)/);
  // Degraded for nothing this knows, or not Degraded: no reason made up.
  expect(trapReason({ ...hpa, health: { status: 'Degraded', message: 'something else' } })).toBeUndefined();
  expect(trapReason({ ...hpa, health: { status: 'Progressing', message: metrics } })).toBeUndefined();
});

test('a Degraded HPA for the metric reasons Argo CD 3.5 added (gitops-engine TestHPA, hpa-v1-degraded-failedgetobjectmetric): which metrics API to check', () => {
  const live = (reason: string, message: string) => ({
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'queue', namespace: 'n' },
    status: { conditions: [{ type: 'AbleToScale', status: 'True', reason: 'SucceededGetScale', message: 'ok' }, { type: 'ScalingActive', status: 'False', reason, message }] },
  });
  const hpa = (reason: string, message: string) => ({ ...base, group: 'autoscaling', kind: 'HorizontalPodAutoscaler', name: 'queue', live: live(reason, message), health: { status: 'Degraded', message } });
  const fails = 'Argo CD counts the HPA Degraded, which fails the sync';
  expect(trapReason(hpa('FailedGetExternalMetric', 'unable to get external metric n/queue_depth'))).toBe(
    `the HPA cannot read its external metrics (unable to get external metric n/queue_depth): ${fails}; check that a metrics adapter serves external.metrics.k8s.io (kubectl get apiservice v1beta1.external.metrics.k8s.io) and knows the metric`);
  expect(trapReason(hpa('FailedGetObjectMetric', 'unable to get metric requests_per_second'))).toMatch(/^the HPA cannot read its custom metrics \(unable to get metric requests_per_second\): .*custom\.metrics\.k8s\.io/);
  expect(trapReason(hpa('FailedGetPodsMetric', 'unable to get metric packets'))).toMatch(/^the HPA cannot read its custom metrics \(unable to get metric packets\)/);
  expect(trapReason(hpa('FailedComputeMetricsReplicas', 'invalid metrics (1 invalid out of 1)'))).toBe(
    `the HPA cannot compute a replica count from its metrics (invalid metrics (1 invalid out of 1)): ${fails}; check spec.metrics against what the metrics APIs serve`);
  // Before 3.5 such a condition does not make the HPA Degraded, so the live object names no reason for it.
  expect(trapReason({ ...hpa('FailedGetExternalMetric', 'x'), argocdVersion: '3.4' })).toBeUndefined();
});

test('a running Pod that is not a hook, with restartPolicy Never: Progressing until it exits; the 3.6 annotation named (gitops-engine TestPod, pod-running-restart-never)', () => {
  const live = (annotations: Record<string, string> = {}) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'worker', namespace: 'n', annotations },
    spec: { restartPolicy: 'Never' },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }], containerStatuses: [{ name: 'w', ready: true, state: { running: {} } }] },
  });
  const worker = { ...base, group: '', kind: 'Pod', name: 'worker', namespace: 'n', live: live(), health: { status: 'Progressing', message: '' } };
  const said = 'Argo CD judges a Pod with restartPolicy Never like a hook: Progressing while it runs, Healthy only once it succeeded, so the step waits until it exits';
  expect(trapReason(worker)).toBe(`${said}; if it is meant to keep running, annotate it argocd.argoproj.io/ignore-restart-policy: "true" (judged like an Always Pod), or give it restartPolicy: Always`);
  expect(trapReason({ ...worker, argocdVersion: '3.5' })).toBe(`${said}; if it is meant to keep running, give it restartPolicy: Always (Argo CD 3.6 adds the annotation argocd.argoproj.io/ignore-restart-policy: "true")`);
  // A hook is meant to run to completion; an Always Pod is not judged so.
  expect(trapReason({ ...worker, hook: true })).toBeUndefined();
  expect(trapReason({ ...worker, live: { ...live(), spec: { restartPolicy: 'Always' } } })).toBeUndefined();
  // Annotated, 3.6 judges it like an Always Pod; 3.5 does not read the annotation.
  const annotated = { ...worker, live: live({ 'argocd.argoproj.io/ignore-restart-policy': 'true' }) };
  expect(trapReason(annotated)).toBeUndefined();
  expect(trapReason({ ...annotated, argocdVersion: '3.5' })).toMatch(/^Argo CD judges a Pod with restartPolicy Never like a hook/);
});

test('a Job that runs no Pod and has run none: Kubernetes could not create one, and the command that shows its Events', () => {
  const job = (status: object, spec: object = {}) => ({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'db-migrate', namespace: 'shop' }, spec, status });
  const waiting = { ...base, group: 'batch', kind: 'Job', name: 'db-migrate', namespace: 'shop', hook: true, health: { status: 'Progressing', message: '' } };
  expect(trapReason({ ...waiting, live: job({ startTime: '2026-12-01T10:00:05Z', active: 0 }) }))
    .toBe('the Job runs no Pod and has run none (status.active 0): if that lasts, Kubernetes could not create one (a missing ServiceAccount, a quota, '
      + 'an admission webhook), which only its Events say: kubectl get events -n shop --field-selector involvedObject.name=db-migrate');
  // A Pod running, or one that ran, or a suspended Job, or no live Job: not this.
  for (const status of [{ active: 1 }, { ready: 1 }, { failed: 1 }, { succeeded: 1 }]) {
    expect(trapReason({ ...waiting, live: job(status) })).toBeUndefined();
  }
  expect(trapReason({ ...waiting, live: job({}, { suspend: true }) })).toBeUndefined();
  expect(trapReason(waiting)).toBeUndefined();
});

test('a task the AppProject refused (the controller\'s words read back): which list to change, and that every retry fails the same', () => {
  const failed = (resultMessage: string, kind = 'Namespace', group = '') => trapReason({ ...base, group, kind, name: 'web', healthSource: 'none', resultMessage });
  const namespace = failed('resource :Namespace is not permitted in project team');
  expect(namespace).toContain('the Application\'s AppProject team does not permit Namespace: Argo CD refuses the whole sync before it applies anything, on every retry');
  expect(namespace).toContain('add {group: \'\', kind: Namespace} to AppProject team\'s spec.clusterResourceWhitelist, or remove the entry of clusterResourceBlacklist that matches it');
  expect(failed('resource apps:Deployment is not permitted in project team', 'Deployment', 'apps')).toContain('to AppProject team\'s spec.namespaceResourceWhitelist, or remove the entry of namespaceResourceBlacklist');
  // A custom kind whose scope is not known here: both lists named.
  expect(failed('resource example.com:Widget is not permitted in project team', 'Widget', 'example.com')).toContain('clusterResourceWhitelist (cluster-scoped kinds) or namespaceResourceWhitelist (namespaced)');
  expect(failed('namespace billing is not permitted in project \'team\'', 'ConfigMap')).toContain('add a destination for namespace billing to AppProject team');
  // Any other result message is no such refusal (and a kind without a health check says so, as before).
  expect(failed('some other error')).toMatch(/has no health check/);
});
