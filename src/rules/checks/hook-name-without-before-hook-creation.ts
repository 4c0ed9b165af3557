import { ANNOTATION_HOOK_DELETE_POLICY } from '../../argo/annotations';
import { readDeletePolicies } from '../../argo/delete-policy';
import { hookLabel } from '../hooks';
import { kindOf, metadataName } from '../objects';
import type { Hit, Rule } from '../types';

/** Kinds whose spec cannot be changed in place, so a stale run must be deleted to run again. */
const RUN_ONCE = new Set(['Job', 'Pod', 'Workflow']);

/**
 * argo-cd #7430, #27407: a named Job hook is applied with `kubectl apply`. Without
 * `BeforeHookCreation`, a run that stayed (it failed, or HookSucceeded did not apply) is met again
 * by the next sync: "field is immutable", or the old Job's result is read as this sync's.
 */
export const hookNameWithoutBeforeHookCreation: Rule = {
  id: 'hook-name-without-before-hook-creation',
  defaultLevel: 'warning',
  title: 'A named Job or Pod hook whose delete policy lacks BeforeHookCreation',
  check(ctx) {
    const hits: Hit[] = [];
    for (const { manifest, hook } of ctx.hooks) {
      if (!RUN_ONCE.has(kindOf(manifest)) || metadataName(manifest) === undefined) continue;
      const { policies } = readDeletePolicies(manifest.object, ctx.options.argocdVersion);
      if (policies.includes('BeforeHookCreation')) continue;
      hits.push({
        manifest,
        message: `is a named ${hookLabel(hook)} hook with delete policy ${policies.join(',')}: when a run stays behind (a failure keeps it), the next sync meets the old ${kindOf(manifest)} and fails with "field is immutable" or reuses its old result`,
        fix: `add BeforeHookCreation (${ANNOTATION_HOOK_DELETE_POLICY}: "BeforeHookCreation,${policies.join(',')}")`,
        path: ['metadata', 'annotations', ANNOTATION_HOOK_DELETE_POLICY],
      });
    }
    return hits;
  },
};
