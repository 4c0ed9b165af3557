import { hookLabel } from '../hooks';
import { at, kindOf } from '../objects';
import type { Hit, Rule } from '../types';

/** Below this, the TTL controller can delete a finished Job before Argo CD's next look at it. */
export const MIN_HOOK_TTL_SECONDS = 60;

/**
 * Argo CD judges a hook from the live Job (`getOperationPhase`); a Job already deleted by its TTL
 * fails the hook with "Resource … is missing" (`TestSync_MultistepResourceDeletionMidstep`). Since
 * 3.0 the hook finalizer holds the Job until its result is read, but older controllers race.
 */
export const hookTtlTooShort: Rule = {
  id: 'hook-ttl-too-short',
  defaultLevel: 'warning',
  title: 'A Job hook whose ttlSecondsAfterFinished may delete it before Argo CD sees it finish',
  check(ctx) {
    const hits: Hit[] = [];
    for (const { manifest, hook } of ctx.hooks) {
      const ttl = at(manifest.object, ['spec', 'ttlSecondsAfterFinished']);
      if (kindOf(manifest) !== 'Job' || typeof ttl !== 'number' || ttl >= MIN_HOOK_TTL_SECONDS) continue;
      hits.push({
        manifest,
        message: `is a ${hookLabel(hook)} Job hook with ttlSecondsAfterFinished ${ttl}: Kubernetes may delete it before Argo CD reads its result, and the hook then fails as missing (Argo CD before 3.0, or when the hook finalizer is removed)`,
        fix: `use a hook-delete-policy (HookSucceeded) for clean-up, or a TTL of at least ${MIN_HOOK_TTL_SECONDS} seconds`,
        path: ['spec', 'ttlSecondsAfterFinished'],
      });
    }
    return hits;
  },
};
