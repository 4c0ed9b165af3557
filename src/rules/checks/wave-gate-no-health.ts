import { needsCrd } from '../../argo/api-groups';
import { hasHealthCheck } from '../../argo/health';
import { describeStep, nextStepWaitingOn } from '../gates';
import type { Hit, Rule } from '../types';

/**
 * docs/argo-cd-model.md#health: a kind without a health check is done the moment it is applied. Built-ins like
 * ConfigMaps are meant to be; but a custom resource (argo-cd #14442) or a child Application
 * (health removed in 1.8, argo-cd #3781) "gates" a wave that in truth never waits.
 */
export const waveGateNoHealth: Rule = {
  id: 'wave-gate-no-health',
  defaultLevel: 'warning',
  title: 'A later wave seems to wait for a resource that has no health check',
  check(ctx) {
    const hits: Hit[] = [];
    for (const t of ctx.tasks) {
      if (t.hook || t.action !== 'apply') continue;
      const isApp = t.group === 'argoproj.io' && t.kind === 'Application';
      if (!isApp && (!needsCrd(t.group, t.kind) || hasHealthCheck(t.group, t.kind))) continue;
      const next = nextStepWaitingOn(ctx, t);
      if (!next) continue;
      hits.push({
        manifest: t.manifest,
        message: isApp
          ? `is in ${describeStep(t)}, and ${describeStep(next)} starts ~2 s after this child Application is applied, not when it is Healthy: Argo CD has had no Application health check since 1.8 (argo-cd #3781, #6411)`
          : `is in ${describeStep(t)}, and ${describeStep(next)} starts ~2 s after it is applied, not when it is ready: Argo CD has no built-in health check for ${t.group}/${t.kind} (argo-cd #14442; argocd-cm may add one)`,
        fix: isApp
          ? 'add the Application health Lua to argocd-cm (resource.customizations.health.argoproj.io_Application), or stop relying on this wave'
          : `add a health check for ${t.group}/${t.kind} to argocd-cm (resource.customizations.health.${t.group}_${t.kind}), or gate on something that has one`,
        path: ['kind'],
      });
    }
    return hits;
  },
};
