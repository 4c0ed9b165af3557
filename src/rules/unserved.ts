/**
 * What an object the API server does not serve does to the sync, for the rules that report one
 * (`kind-miscased`, `api-version-miscased`): gitops-engine `getSyncTasks` fails every such task and so the
 * whole sync before anything is applied, unless the task's dry run is skipped: discovery's error is a
 * NotFound, and `SkipDryRunOnMissingResource=true` (the object's, or the Application's since 3.1) or a CRD
 * in the sync of exactly its group and kind (`hasCRDOfGroupKind`: `Example.com`/`Widget`, a CRD the API
 * server refuses itself) then lets it through, to fail at its own apply. The simulator decides the same way (`sync-loop.ts` `validate`).
 */
import type { RuleContext } from './types';
import { crdGroupKind, noKindMatchError } from '../argo/simulate/api-discovery';
import { hasSyncOption } from '../argo/sync-options';
import type { SyncTask } from '../argo/types';
import { behavesSince } from '../argo/versions';

const SKIP_DRY_RUN = 'SkipDryRunOnMissingResource=true';

/** `so …`: the sync's fate, with discovery's error (`validation`) or the apply's, for a skipped dry run. */
export function unservedEffect(ctx: RuleContext, t: SyncTask, validation: string): string {
  const optionSkip = (ctx.options.syncOptions.includes(SKIP_DRY_RUN) && behavesSince('appSkipDryRun', ctx.options.argocdVersion))
    || hasSyncOption(t.manifest.object, SKIP_DRY_RUN, ctx.options.argocdVersion);
  const gk = `${t.group}/${t.kind}`;
  const crdInSync = ctx.tasks.some(c => c.action === 'apply' && c.kind === 'CustomResourceDefinition' && crdGroupKind(c.manifest.object) === gk);
  if (optionSkip || crdInSync) {
    const why = optionSkip ? SKIP_DRY_RUN : `a CRD of ${gk} is in the sync`;
    return `so Argo CD skips its dry run (${why}) and its apply fails at its step (${noKindMatchError(t.apiVersion, t.kind)}): `
      + 'the earlier steps are applied, and the SyncFail hooks run';
  }
  return `so Argo CD fails the whole sync before applying anything ("one or more synchronization tasks are not valid"; its result: ${validation}) `
    + 'and no SyncFail hook runs';
}
