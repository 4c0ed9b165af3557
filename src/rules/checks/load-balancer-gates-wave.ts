import { describeStep, nextStepWaitingOn } from '../gates';
import { at } from '../objects';
import type { Hit, Rule } from '../types';

/**
 * `gitops-engine pkg/health/health_ingress.go`, `health_service.go`: an Ingress or LoadBalancer Service is Healthy
 * only once a controller fills `status.loadBalancer.ingress`. Many never do (no controller, internal
 * or pending load balancers: argo-cd #14607, #17702, #1704), and every later wave waits forever.
 */
export const loadBalancerGatesWave: Rule = {
  id: 'load-balancer-gates-wave',
  defaultLevel: 'warning',
  title: 'An Ingress or LoadBalancer Service that a later wave waits for',
  check(ctx) {
    const hits: Hit[] = [];
    for (const t of ctx.tasksOfKind('Ingress', 'Service')) {
      if (t.hook || t.action !== 'apply') continue;
      const ingress = t.kind === 'Ingress' && (t.group === 'networking.k8s.io' || t.group === 'extensions');
      const lb = t.kind === 'Service' && t.group === '' && at(t.manifest.object, ['spec', 'type']) === 'LoadBalancer';
      if (!ingress && !lb) continue;
      // Only a non-final wave of its phase: before PostSync the last Sync wave has nowhere better to go.
      const next = nextStepWaitingOn(ctx, t);
      if (!next || next.phase !== t.phase) continue;
      hits.push({
        manifest: t.manifest,
        message: `is in ${describeStep(t)}, which makes ${describeStep(next)} wait until a controller fills its status.loadBalancer.ingress; if none ever does, the sync stays Progressing forever`,
        fix: `put it in the last wave of the ${t.phase} phase, where nothing waits for it (a PostSync smoke test can check it instead)`,
        path: lb ? ['spec', 'type'] : ['kind'],
      });
    }
    return hits;
  },
};
