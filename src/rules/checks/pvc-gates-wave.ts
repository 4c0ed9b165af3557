import { describeStep, nextStepWaitingOn } from '../gates';
import { at, POD_KINDS, podReferences, podSpecOf, str } from '../objects';
import type { Hit, Rule } from '../types';

/**
 * `gitops-engine pkg/health/health_pvc.go`: a PersistentVolumeClaim is Healthy only when Bound, Progressing while
 * Pending. With a `WaitForFirstConsumer` StorageClass (the default class of GKE, EKS, AKS, kind and
 * most CSI drivers) a claim stays Pending until a Pod that mounts it is scheduled, so a wave that
 * holds the claim but none of its Pods never ends, and every later wave waits with it.
 */
export const pvcGatesWave: Rule = {
  id: 'pvc-gates-wave',
  defaultLevel: 'warning',
  title: 'A PersistentVolumeClaim a later wave waits for, before any Pod that mounts it',
  check(ctx) {
    const hits: Hit[] = [];
    for (const t of ctx.tasksOfKind('PersistentVolumeClaim')) {
      if (t.hook || t.action !== 'apply' || t.group !== '') continue;
      const next = nextStepWaitingOn(ctx, t);
      if (!next) continue;
      const o = t.manifest.object;
      // Pre-bound to a volume, or a class-less claim for a pre-provisioned volume: binds without a Pod.
      if (str(at(o, ['spec', 'volumeName'])) || at(o, ['spec', 'storageClassName']) === '') continue;
      const className = str(at(o, ['spec', 'storageClassName']));
      const storageClass = className === undefined ? undefined
        : ctx.tasksOfKind('StorageClass').find(x => x.action === 'apply' && x.name === className);
      if (storageClass && (at(storageClass.manifest.object, ['volumeBindingMode']) ?? 'Immediate') === 'Immediate') continue;
      // A Pod in this step (or an earlier one) that mounts the claim gets scheduled, and binds it.
      const step = ctx.stepIndexOf(t);
      const mounted = ctx.tasksOfKind(...POD_KINDS).some((x) => {
        if (x.action !== 'apply' || x.namespace !== t.namespace) return false;
        const i = ctx.stepIndexOf(x);
        if (i < 0 || i > step) return false;
        const pod = podSpecOf(x.manifest);
        return pod !== undefined && podReferences(pod).some(r => r.kind === 'PersistentVolumeClaim' && r.name === t.name);
      });
      if (mounted) continue;
      const how = storageClass ? `its StorageClass ${className} binds WaitForFirstConsumer, so`
        : `with a WaitForFirstConsumer StorageClass (the default class on GKE, EKS, AKS and kind${className ? '' : ', and this claim names none'})`;
      hits.push({
        manifest: t.manifest,
        message: `is in ${describeStep(t)}, which makes ${describeStep(next)} wait for it to be Bound, but ${how} it stays Pending until a Pod that mounts it is scheduled, `
          + 'and no Pod in its wave or an earlier one mounts it: the sync stays Progressing forever',
        fix: 'put it in the same wave as the first workload that mounts it (kind order applies the claim first), '
          + 'or use a StorageClass with volumeBindingMode: Immediate',
        path: ['kind'],
      });
    }
    return hits;
  },
};
