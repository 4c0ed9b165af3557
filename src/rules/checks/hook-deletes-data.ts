import { ANNOTATION_HOOK, HELM_HOOK } from '../../argo/annotations';
import { readDeletePolicies } from '../../argo/delete-policy';
import { lostWithIt, whenDeleted } from '../../argo/hook-deletion-loss';
import { hookLabel } from '../hooks';
import { groupOf, kindOf } from '../objects';
import type { Hit, Rule } from '../types';

/** How to get each kind's order without making it a hook. */
const FIX: Readonly<Record<string, string>> = {
  Namespace: 'remove the hook annotations: Argo CD applies a Namespace before anything in it anyway (kind order, and it moves a Namespace '
    + 'ahead of the first object that lives in it, PreSync hooks included), or let the Application\'s CreateNamespace=true create it',
  CustomResourceDefinition: 'remove the hook annotations: Argo CD applies a CustomResourceDefinition before its custom resources anyway '
    + '(it moves a CRD ahead of the first one, PreSync hooks included)',
  PersistentVolumeClaim: 'remove the hook annotations and run what mounts the claim in the Sync phase, in the claim\'s wave '
    + '(a MigrationHook with `phase: HookPhase.SYNC`), or create the claim outside this app (an Application in an earlier wave of its parent)',
};

/**
 * argo-cd #3846, #3837, #3502: Argo CD deletes a sync-phase hook by its delete policies whatever its
 * kind (`src/argo/hook-deletion-loss.ts`). A Namespace, a PersistentVolumeClaim or a
 * CustomResourceDefinition as a hook takes its contents, its volume or its custom resources with it.
 */
export const hookDeletesData: Rule = {
  id: 'hook-deletes-data',
  defaultLevel: 'error',
  title: 'A Namespace, claim or CRD as a hook: deleting it deletes what is in it',
  check(ctx) {
    const hits: Hit[] = [];
    for (const { manifest, hook } of ctx.hooks) {
      const lost = lostWithIt(groupOf(manifest), kindOf(manifest));
      if (lost === undefined) continue;
      const { policies, defaulted } = readDeletePolicies(manifest.object, ctx.options.argocdVersion);
      hits.push({
        manifest,
        message: `is a ${hookLabel(hook)} hook, so Argo CD deletes it ${whenDeleted(policies, defaulted)}: ${lost}`,
        fix: FIX[kindOf(manifest)],
        path: ['metadata', 'annotations', hook.hasArgoHook ? ANNOTATION_HOOK : HELM_HOOK],
      });
    }
    return hits;
  },
};
