import { ANNOTATION_SYNC_OPTIONS, isPlainObject } from '../../argo/annotations';
import { miscasedApiVersion, needsCrd } from '../../argo/api-groups';
import { hasSyncOption } from '../../argo/sync-options';
import { str } from '../objects';
import type { Hit, Rule } from '../types';

const SKIP_DRY_RUN = 'SkipDryRunOnMissingResource=true';

/**
 * argo-cd #748, #2873, #6489: on a fresh cluster the dry-run of a custom resource fails ("could not
 * find the requested resource") unless its CRD is in the same sync or the resource (or app) says
 * `SkipDryRunOnMissingResource=true`: the sync fails before anything is applied.
 */
export const customResourceWithoutCrd: Rule = {
  id: 'custom-resource-without-crd',
  defaultLevel: 'warning',
  title: 'A custom resource whose CRD is not in the app',
  check(ctx) {
    if (ctx.options.syncOptions.includes(SKIP_DRY_RUN)) return [];
    // `Apps/v1` is a built-in group in another case, and `Example.com/v1` a custom group no CRD can hold (its spec.group
    // is lower case): adding a CRD cannot serve either, and api-version-miscased says what to write instead.
    const custom = ctx.tasks.filter(t => t.action === 'apply' && needsCrd(t.group, t.kind) && miscasedApiVersion(t.apiVersion, t.kind) === undefined);
    // Most apps have no custom resource, and then no CRD to read.
    if (custom.length === 0) return [];
    const defined = new Set<string>(ctx.options.installedCrds);
    for (const m of ctx.manifestsOfKind('CustomResourceDefinition')) {
      const spec = isPlainObject(m.object.spec) ? m.object.spec : {};
      const names = isPlainObject(spec.names) ? spec.names : {};
      defined.add(`${str(spec.group) ?? ''}/${str(names.kind) ?? ''}`);
    }
    const hits: Hit[] = [];
    for (const t of custom) {
      const key = `${t.group}/${t.kind}`;
      if (defined.has(key) || hasSyncOption(t.manifest.object, SKIP_DRY_RUN, ctx.options.argocdVersion)) continue;
      hits.push({
        manifest: t.manifest,
        message: `is a custom resource (${key}), but no CustomResourceDefinition for it is in the app: on a cluster without it the dry-run fails and nothing is synced`,
        fix: `add the CRD to the app in an earlier wave, or annotate ${ANNOTATION_SYNC_OPTIONS}: ${SKIP_DRY_RUN} (or pass --installed-crd ${key} if the cluster always has it)`,
        path: ['kind'],
      });
    }
    return hits;
  },
};
