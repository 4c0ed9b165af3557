import { NO_NAME_ERROR } from '../../argo/tasks';
import { hookRead } from '../hooks';
import type { Hit, Rule } from '../types';

/**
 * gitops-engine `pkg/sync/sync_context.go` `getSyncTasks` names a hook that has neither
 * `metadata.name` nor `metadata.generateName` itself (argo-cd e2e `TestAutomaticallyNamingUnnamedHook`),
 * but nothing else: a resource without a name fails the sync (`TestNamingNonHookResource`), as
 * kubectl refuses it in the dry run, before anything is applied. The plan lists it as an error.
 */
export const nameMissing: Rule = {
  id: 'name-missing',
  defaultLevel: 'error',
  title: 'A resource that is not a hook has no name',
  check(ctx) {
    const hits: Hit[] = [];
    for (const manifest of ctx.unnamed) {
      const hook = hookRead(manifest, ctx.options.argocdVersion);
      if (hook.isHook || hook.skip || hook.ignored || hook.deletionOnly) continue;
      hits.push({
        manifest,
        message: `has neither metadata.name nor metadata.generateName and is not a hook: Argo CD names only hooks, so kubectl fails its dry run ("${NO_NAME_ERROR}") and the sync fails before anything is applied`,
        fix: 'set metadata.name (or make it a hook, which Argo CD names itself)',
        path: ['metadata'],
      });
    }
    return hits;
  },
};
