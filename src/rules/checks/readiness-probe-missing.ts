import { displayValue } from '../../argo/display';
import { describeStep, nextStepWaitingOn } from '../gates';
import { at, containersOf, list, obj, PodSpecAt, podSpecOf } from '../objects';
import type { Hit, Rule } from '../types';

const LONG_RUNNING = ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'ReplicationController', 'Rollout', 'Pod'];

/**
 * A Deployment is Healthy when its pods are up and passing readiness (`health_deployment.go`). Without a
 * readiness probe a pod is Ready the moment its containers start, so the wave's wait proves nothing.
 */
export const readinessProbeMissing: Rule = {
  id: 'readiness-probe-missing',
  defaultLevel: 'warning',
  title: 'A workload a later wave waits for has no readiness probe',
  check(ctx) {
    const hits: Hit[] = [];
    for (const t of ctx.tasksOfKind(...LONG_RUNNING)) {
      if (t.hook || t.action !== 'apply') continue;
      const next = nextStepWaitingOn(ctx, t);
      const pod = podSpecOf(t.manifest);
      // No pods, nothing to be ready: the wave passes at once, by design.
      if (!next || !pod || at(t.manifest.object, ['spec', 'replicas']) === 0) continue;
      if (t.kind === 'Pod' && pod.spec.restartPolicy !== undefined && pod.spec.restartPolicy !== 'Always') continue;
      if (allProbed(pod)) continue;
      const missing = containersOf(pod).filter(c => !c.init && c.container.readinessProbe === undefined);
      if (missing.length === 0) continue;
      const names = missing.map(c => displayValue(c.container.name ?? '?')).join(', ');
      hits.push({
        manifest: t.manifest,
        message: `is in ${describeStep(t)}, which makes ${describeStep(next)} wait for it to be Healthy, but container ${names} has no readinessProbe, so its pods count as ready as soon as they start and the wait proves nothing`,
        fix: `add a readinessProbe to container ${names} that passes only when it can serve`,
        path: missing[0].path,
      });
    }
    return hits;
  },
};

/** Most workloads probe every container: seen before building each container's path. */
function allProbed(pod: PodSpecAt): boolean {
  return list(pod.spec.containers).every((c) => {
    const container = obj(c);
    return container === undefined || container.readinessProbe !== undefined;
  });
}
