import { behavesSince } from '../../argo/versions';
import { hookLabel } from '../hooks';
import { at, kindOf } from '../objects';
import type { Hit, Rule } from '../types';

/** Below this, the TTL controller can delete a finished Job before Argo CD's next look at it. */
export const MIN_HOOK_TTL_SECONDS = 60;

/**
 * Argo CD judges a hook from the live Job (gitops-engine `pkg/sync/sync_context.go`
 * `getOperationPhase`). Before 3.0 a Job the TTL controller deleted first left the hook running
 * with no live object, and the engine waited forever (the missing-object check of
 * `TestSync_MultistepResourceDeletionMidstep` came in 3.4). Since 3.0 every hook carries the
 * `argocd.argoproj.io/hook-finalizer`, which holds the Job until its result is read, so the rule
 * has nothing to say for 3.0 and later (`--argocd-version`).
 */
export const hookTtlTooShort: Rule = {
  id: 'hook-ttl-too-short',
  defaultLevel: 'warning',
  title: 'A Job hook whose ttlSecondsAfterFinished may delete it before Argo CD sees it finish (Argo CD before 3.0)',
  check(ctx) {
    const version = ctx.options.argocdVersion;
    if (behavesSince('hookFinalizer', version)) return [];
    const hits: Hit[] = [];
    for (const { manifest, hook } of ctx.hooks) {
      const ttl = at(manifest.object, ['spec', 'ttlSecondsAfterFinished']);
      if (kindOf(manifest) !== 'Job' || typeof ttl !== 'number' || ttl >= MIN_HOOK_TTL_SECONDS) continue;
      hits.push({
        manifest,
        message: `is a ${hookLabel(hook)} Job hook with ttlSecondsAfterFinished ${ttl}: Kubernetes may delete it before Argo CD ${version} reads its result, and the sync then waits for it forever (Argo CD 3.0 and later hold hooks with a finalizer until their result is read)`,
        fix: `use a hook-delete-policy (HookSucceeded) for clean-up, or a TTL of at least ${MIN_HOOK_TTL_SECONDS} seconds (or upgrade to Argo CD 3.0 or later)`,
        path: ['spec', 'ttlSecondsAfterFinished'],
      });
    }
    return hits;
  },
};
