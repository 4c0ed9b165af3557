import { miscasedApiVersion, needsCrd } from '../../argo/api-groups';
import { hasHealthCheck } from '../../argo/health';
import { builtinLuaHealthAfter } from '../../argo/health-lua';
import { describeStep, isApplication, nextStepWaitingOn } from '../gates';
import type { Hit, Rule } from '../types';

/**
 * docs/argo-cd-model.md#health: a kind without a health check is done the moment it is applied. Built-ins like
 * ConfigMaps are meant to be; but a custom resource (argo-cd #14442) "gates" a wave that in truth
 * never waits. Child Applications are `application-health-unchecked`'s and `application-health-missing`'s.
 * A health script in the operator's argocd-cm (`lint --argocd-cm`) is a health check like a built-in one; the
 * built-in ones are those of the Argo CD version modelled (`--argocd-version`), and a later release's is named.
 */
export const waveGateNoHealth: Rule = {
  id: 'wave-gate-no-health',
  defaultLevel: 'warning',
  title: 'A later wave seems to wait for a resource that has no health check',
  check(ctx) {
    const hits: Hit[] = [];
    const cm = ctx.options.argocdCm;
    const version = ctx.options.argocdVersion;
    for (const t of ctx.tasks) {
      if (t.hook || t.action !== 'apply') continue;
      if (isApplication(t) || !needsCrd(t.group, t.kind) || hasHealthCheck(t.group, t.kind, cm?.healthScripts, version)) continue;
      if (miscasedApiVersion(t.apiVersion, t.kind) !== undefined) continue; // `Apps/v1`, `Example.com/v1`: api-version-miscased's, the sync never starts
      const next = nextStepWaitingOn(ctx, t);
      if (!next) continue;
      const where = cm?.healthScripts ? 'nor does the argocd-cm given' : 'argocd-cm may add one';
      const later = version !== undefined ? builtinLuaHealthAfter(t.group, t.kind, version) : undefined;
      const argo = later !== undefined ? `Argo CD ${version}` : 'Argo CD';
      hits.push({
        manifest: t.manifest,
        message: `is in ${describeStep(t)}, and ${describeStep(next)} starts ~2 s after it is applied, not when it is ready: ${argo} has no built-in health check for ${t.group}/${t.kind} (${later !== undefined ? `${later} adds one; ` : ''}argo-cd #14442; ${where})`,
        fix: `add a health check for ${t.group}/${t.kind} to argocd-cm (resource.customizations.health.${t.group}_${t.kind}), or gate on something that has one`,
        path: ['kind'],
      });
    }
    return hits;
  },
};
