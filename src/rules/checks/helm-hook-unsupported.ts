import { ANNOTATION_HOOK, HELM_HOOK } from '../../argo/annotations';
import { ENGINE_HOOK_TYPES, HELM_DELETION_HOOKS, HELM_HOOK_PHASES } from '../../argo/hooks';
import { hookRead } from '../hooks';
import type { Hit, Rule } from '../types';
import { describeTypes } from './hook-unrecognised';
import { quote } from '../quote';

/**
 * docs/argo-cd-model.md#helm (`gitops-engine pkg/sync/hook/helm/type.go`): Argo CD maps only Helm's
 * install/upgrade hooks to phases (and delete hooks to deletion hooks). `test`, `test-success`, `pre-rollback`,
 * `post-rollback` are unusable: such an object silently never runs, which Helm users rarely expect.
 */
export const helmHookUnsupported: Rule = {
  id: 'helm-hook-unsupported',
  defaultLevel: 'warning',
  title: 'A Helm hook Argo CD never runs (test, rollback)',
  check(ctx) {
    const hits: Hit[] = [];
    for (const manifest of ctx.withAnnotation(HELM_HOOK)) {
      const read = hookRead(manifest, ctx.options.argocdVersion);
      // Helm types only count when no Argo CD type was recognised.
      if (read.argoValues.some(v => (ENGINE_HOOK_TYPES as readonly string[]).includes(v))) continue;
      const effect = read.ignored
        ? 'so the object is silently left out of every sync'
        : `so that value is ignored (the object is handled as ${describeTypes(read.types, read.deletionTypes)})`;
      for (const value of read.unrecognisedHelm) {
        hits.push({
          manifest,
          message: `${HELM_HOOK} ${quote(value)} has no Argo CD equivalent (Argo CD runs only ${Object.keys(HELM_HOOK_PHASES).join(', ')} and the delete hooks; never test or rollback hooks), ${effect}`,
          fix: /^test/.test(value)
            ? `to run it, make it a PostSync hook (${ANNOTATION_HOOK}: PostSync); otherwise render the chart without its tests`
            : `use one of ${[...Object.keys(HELM_HOOK_PHASES), ...Object.keys(HELM_DELETION_HOOKS)].join(', ')}, or set ${ANNOTATION_HOOK}`,
          path: ['metadata', 'annotations', HELM_HOOK],
        });
      }
    }
    return hits;
  },
};
