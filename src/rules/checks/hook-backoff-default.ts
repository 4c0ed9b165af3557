import { hookLabel } from '../hooks';
import { at, kindOf } from '../objects';
import type { Hit, Rule } from '../types';

/**
 * Kubernetes retries a failed Job pod 6 times by default, with back-off: a broken migration runs up
 * to 7 times (not idempotent? each run does damage) and the sync learns of the failure minutes late.
 */
export const hookBackoffDefault: Rule = {
  id: 'hook-backoff-default',
  defaultLevel: 'warning',
  title: 'A Job hook that leaves backoffLimit at the Kubernetes default (6)',
  check(ctx) {
    const hits: Hit[] = [];
    for (const { manifest, hook } of ctx.hooks) {
      if (kindOf(manifest) !== 'Job' || at(manifest.object, ['spec', 'backoffLimit']) !== undefined) continue;
      hits.push({
        manifest,
        message: `is a ${hookLabel(hook)} Job hook without spec.backoffLimit, so Kubernetes retries a failed run 6 times with growing back-off before the sync sees the failure`,
        fix: 'set spec.backoffLimit explicitly: 0 for migrations that must not run twice, a small number for idempotent checks',
        path: ['spec'],
      });
    }
    return hits;
  },
};
