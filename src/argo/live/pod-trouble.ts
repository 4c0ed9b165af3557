/**
 * What the Pods of an awaited object say about why it is not ready: which Pods are its own (by owner),
 * and the first of them whose fields show a known cause (an image that does not pull, a crash loop, a
 * container that cannot start, scheduling, a failing readiness probe).
 */
import { isErrorWaitingReason } from '../live-health/pod';
import { at, list, record, str } from '../live-health/types';
import type { LiveObject } from '../live-health/types';

/** Why a Pod of the object does not become ready, and which Pod, when its fields say so. */
export interface PodTrouble {
  readonly pod: string;
  readonly namespace: string;
  readonly reason: string;
}

export function podReason(pods: readonly LiveObject[]): string | undefined {
  return podTrouble(pods)?.reason;
}

export function podTrouble(pods: readonly LiveObject[]): PodTrouble | undefined {
  for (const pod of pods) {
    const reason = podProblem(pod);
    if (reason !== undefined) return { pod: str(at(pod, 'metadata', 'name')), namespace: str(at(pod, 'metadata', 'namespace')), reason };
  }
  return undefined;
}

function podProblem(pod: LiveObject): string | undefined {
  for (const c of [...list(at(pod, 'status', 'initContainerStatuses')), ...list(at(pod, 'status', 'containerStatuses'))]) {
    const waiting = record(at(c, 'state', 'waiting'));
    const reason = str(waiting.reason);
    if (reason === 'ImagePullBackOff' || reason === 'ErrImagePull' || reason === 'InvalidImageName') {
      return `the image does not pull (Pod ${str(at(pod, 'metadata', 'name'))}, container ${str(c.name)}: ${reason}${waiting.message ? `: ${str(waiting.message)}` : ''}); check the image name, tag and imagePullSecrets`;
    }
    if (reason === 'CrashLoopBackOff') {
      return `a container crash-loops (Pod ${str(at(pod, 'metadata', 'name'))}, container ${str(c.name)}); read its logs with kubectl logs --previous`;
    }
    if (reason !== '' && isErrorWaitingReason(reason)) {
      return `a container cannot start (Pod ${str(at(pod, 'metadata', 'name'))}, container ${str(c.name)}: ${reason})`;
    }
  }
  const unschedulable = list(at(pod, 'status', 'conditions')).find(c => c.type === 'PodScheduled' && c.status === 'False');
  if (unschedulable) {
    return `a Pod cannot be scheduled (Pod ${str(at(pod, 'metadata', 'name'))}: ${str(unschedulable.message) || str(unschedulable.reason)})`;
  }
  const containers = list(at(pod, 'status', 'containerStatuses'));
  const runningNotReady = containers.find(c => c.ready === false && at(c, 'state', 'running') !== undefined);
  if (runningNotReady) {
    return `the readiness probe fails (Pod ${str(at(pod, 'metadata', 'name'))}, container ${str(runningNotReady.name)} runs but is not ready); check the probe's path and port against the app`;
  }
  return undefined;
}

/** Pods of a workload, by owner: a Deployment's through its ReplicaSets (`<name>-<hash>`). */
export function podsOf(kind: string, name: string, namespace: string, live: readonly LiveObject[]): LiveObject[] {
  const owners = (pod: LiveObject) => list(at(pod, 'metadata', 'ownerReferences'));
  const inNs = (o: LiveObject) => namespace === '' || str(at(o, 'metadata', 'namespace')) === '' || str(at(o, 'metadata', 'namespace')) === namespace;
  const pods = live.filter(o => o.kind === 'Pod' && inNs(o));
  if (kind === 'Deployment') {
    const rs = new Set(live.filter(o => o.kind === 'ReplicaSet' && inNs(o)
      && list(at(o, 'metadata', 'ownerReferences')).some(r => r.kind === 'Deployment' && r.name === name)).map(o => str(at(o, 'metadata', 'name'))));
    const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[a-z0-9]+$`);
    return pods.filter(p => owners(p).some(r => r.kind === 'ReplicaSet' && (rs.has(str(r.name)) || pattern.test(str(r.name)))));
  }
  return pods.filter(p => owners(p).some(r => r.kind === kind && r.name === name));
}
