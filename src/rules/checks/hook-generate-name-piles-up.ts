import { ANNOTATION_HOOK_DELETE_POLICY } from '../../argo/annotations';
import { readDeletePolicies } from '../../argo/delete-policy';
import { hookLabel } from '../hooks';
import { at, generateNameOf, kindOf, metadataName } from '../objects';
import type { Hit, Rule } from '../types';

/**
 * docs/argo-cd-model.md#hook-names: a `generateName` hook gets a new name every sync; the default policy,
 * BeforeHookCreation, deletes only a same-named object, so without HookSucceeded (or a Job TTL)
 * every sync leaves one more behind (a namespace full of `db-migrate-xxxxx` Jobs).
 */
export const hookGenerateNamePilesUp: Rule = {
  id: 'hook-generate-name-piles-up',
  defaultLevel: 'warning',
  title: 'A generateName hook that is never cleaned up',
  check(ctx) {
    const hits: Hit[] = [];
    for (const { manifest, hook } of ctx.hooks) {
      if (metadataName(manifest) !== undefined || generateNameOf(manifest) === undefined) continue;
      const { policies } = readDeletePolicies(manifest.object, ctx.options.argocdVersion);
      if (policies.includes('HookSucceeded')) continue;
      if (kindOf(manifest) === 'Job' && typeof at(manifest.object, ['spec', 'ttlSecondsAfterFinished']) === 'number') continue;
      hits.push({
        manifest,
        message: `is a ${hookLabel(hook)} hook named by generateName with delete policy ${policies.join(',')}: every sync creates a new ${kindOf(manifest)} and ${policies.includes('HookFailed') ? 'successful runs are' : 'none is'} ever deleted`,
        fix: `add ${ANNOTATION_HOOK_DELETE_POLICY}: HookSucceeded (failed runs stay for their logs)${kindOf(manifest) === 'Job' ? ', or set spec.ttlSecondsAfterFinished' : ''}`,
        path: ['metadata', 'generateName'],
      });
    }
    return hits;
  },
};
