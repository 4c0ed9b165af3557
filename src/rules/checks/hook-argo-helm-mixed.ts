import { ANNOTATION_HOOK, HELM_HOOK } from '../../argo/annotations';
import { HELM_HOOK_PHASES } from '../../argo/hooks';
import { hookRead } from '../hooks';
import { quote } from '../quote';
import type { Hit, Rule } from '../types';

/**
 * Argo CD's Helm docs: "If you define any Argo CD hooks, all Helm hooks will be ignored" (per object,
 * for types; weights and delete policies still merge). Harmless when both say the same phases.
 */
export const hookArgoHelmMixed: Rule = {
  id: 'hook-argo-helm-mixed',
  defaultLevel: 'warning',
  title: 'Argo CD and Helm hook annotations that disagree',
  check(ctx) {
    const hits: Hit[] = [];
    // Only an object with a Helm hook can have it overridden.
    for (const manifest of ctx.withAnnotation(HELM_HOOK)) {
      const read = hookRead(manifest, ctx.options.argocdVersion);
      if (!read.helmOverridden) continue;
      const helmPhases = [...new Set(read.helmValues.filter(v => v in HELM_HOOK_PHASES).map(v => HELM_HOOK_PHASES[v]))].sort();
      const argoPhases = [...read.phases].sort();
      if (helmPhases.join() === argoPhases.join()) continue;
      hits.push({
        manifest,
        message: `${ANNOTATION_HOOK} ${quote(read.argoValues.join(','))} and ${HELM_HOOK} ${quote(read.helmValues.join(','))} disagree: Argo CD runs it only as ${argoPhases.join(', ')} and ignores the Helm hook (${helmPhases.join(', ')})`,
        fix: `make both annotations name the same phases, or drop ${HELM_HOOK}`,
        path: ['metadata', 'annotations', HELM_HOOK],
      });
    }
    return hits;
  },
};
