import { isPlainObject } from '../../argo/annotations';
import { builtinApiVersionSpelling, customApiVersionSpelling } from '../../argo/api-groups';
import { discoveryError } from '../../argo/simulate/api-discovery';
import { formatSource } from '../../argo/tasks';
import type { Manifest, SyncTask } from '../../argo/types';
import { firstApplyTasks } from '../applied-objects';
import { str } from '../objects';
import type { Hit, Rule, RuleContext } from '../types';
import { unservedEffect } from '../unserved';

/**
 * client-go `ServerResourcesForGroupVersion` asks for `/apis/<group>/<version>` as written, and the API
 * server's paths are case-sensitive: `apiVersion: Apps/v1`, `apps/V1` or `V1` 404s, so the validation of
 * every task before the sync (gitops-engine `pkg/sync/sync_context.go` `getSyncTasks` →
 * `pkg/utils/kube/kube.go` `ServerResourceForGroupVersionKind`) fails the whole sync and nothing is applied.
 * A custom group in another case (`Example.com/v1`) 404s alike, and no CRD can serve it
 * (`customApiVersionSpelling`): custom-resource-without-crd leaves it to this rule.
 */
export const apiVersionMiscased: Rule = {
  id: 'api-version-miscased',
  defaultLevel: 'error',
  title: 'An apiVersion in another case: discovery paths are case-sensitive, and no CRD serves an upper-case group or version',
  check(ctx) {
    const hits: Hit[] = [];
    for (const t of firstApplyTasks(ctx.tasks)) { // once per object (a hook in two phases is two tasks)
      const builtin = builtinApiVersionSpelling(t.apiVersion, t.kind);
      if (builtin !== undefined) {
        hits.push({
          manifest: t.manifest,
          message: `apiVersion ${t.apiVersion} is not a group/version the API server serves (discovery paths are case-sensitive): Kubernetes spells it ${builtin}, `
            + unservedEffect(ctx, t, discoveryError(t.apiVersion)),
          fix: `write apiVersion: ${builtin}`,
          path: ['apiVersion'],
        });
        continue;
      }
      const custom = customApiVersionSpelling(t.apiVersion, t.kind);
      if (custom !== undefined) hits.push(customHit(ctx, t, custom));
    }
    return hits;
  },
};

/** `Example.com/v1`: which part no CRD can hold, the CRDs of the input that serve its kind in lower case, and the sync's fate. */
function customHit(ctx: RuleContext, t: SyncTask, spelling: string): Hit {
  const slash = t.apiVersion.indexOf('/');
  const group = t.apiVersion.slice(0, slash);
  const part = group.toLowerCase() !== group
    ? `group ${group}: a CRD's spec.group must be a lower-case DNS-1123 subdomain`
    : `version ${t.apiVersion.slice(slash + 1)}: a CRD's version names must be lower-case DNS-1035 labels`;
  const lower = spelling.slice(0, slash);
  const crds = matchingCrds(ctx, lower, t.kind);
  const groupOf = (m: Manifest) => str((m.object.spec as Record<string, unknown>).group)!;
  const nameOf = (m: Manifest) => `CustomResourceDefinition/${crdName(m)}`;
  // A CRD whose own group is in another case: the API server refuses the CRD itself, for the same reason.
  const refused = crds.filter(m => groupOf(m) !== lower);
  // Each CRD at its spec.group, the field that decides what it serves.
  const at = (m: Manifest) => formatSource({ ...m.source, line: m.source.lineOf?.(['spec', 'group']) ?? m.source.line });
  const said = crds.map(m => `${nameOf(m)} (${at(m)}) `
    + (groupOf(m) === lower ? `defines ${lower}/${t.kind}` : `has group ${groupOf(m)}, which the API server refuses for the same reason`));
  const inInput = said.length === 0 ? '' : `; in the input, ${said.join(', and ')}`;
  return {
    manifest: t.manifest,
    message: `apiVersion ${t.apiVersion} is served by no API server (discovery paths are case-sensitive, and no CRD can serve ${part}, `
      + `apiextensions validation)${inInput}, ${unservedEffect(ctx, t, discoveryError(t.apiVersion))}`,
    fix: `write apiVersion: ${spelling}${refused.length > 0 ? `, and spec.group: ${lower} on ${refused.map(nameOf).join(', ')}` : ''}`,
    path: ['apiVersion'],
  };
}

function crdName(m: Manifest): string {
  return isPlainObject(m.object.metadata) ? str(m.object.metadata.name) ?? '' : '';
}

/** The input's CRDs whose group is `group` in any case and whose kind is `kind`, in input order. */
function matchingCrds(ctx: RuleContext, group: string, kind: string): Manifest[] {
  return ctx.manifestsOfKind('CustomResourceDefinition').filter((m) => {
    const spec = isPlainObject(m.object.spec) ? m.object.spec : {};
    const names = isPlainObject(spec.names) ? spec.names : {};
    return str(spec.group)?.toLowerCase() === group && str(names.kind) === kind;
  });
}
