import { ANNOTATION_HOOK, ANNOTATION_HOOK_DELETE_POLICY, annotationOf, HELM_HOOK, HELM_HOOK_DELETE_POLICY } from '../../argo/annotations';
import { DELETE_POLICIES, HELM_DELETE_POLICIES, readDeletePolicies } from '../../argo/delete-policy';
import { quote } from '../quote';
import type { Hit, Rule } from '../types';

/** `gitops-engine pkg/sync/hook/delete_policy.go`: unknown values are dropped; with none left the default applies. */
export const deletePolicyUnrecognised: Rule = {
  id: 'delete-policy-unrecognised',
  defaultLevel: 'error',
  title: 'A hook delete policy Argo CD does not recognise',
  check(ctx) {
    const hits: Hit[] = [];
    for (const manifest of ctx.withAnnotation(ANNOTATION_HOOK_DELETE_POLICY, HELM_HOOK_DELETE_POLICY)) {
      const read = readDeletePolicies(manifest.object, ctx.options.argocdVersion);
      if (read.unrecognisedArgo.length === 0 && read.unrecognisedHelm.length === 0) continue;
      // Argo CD reads delete policies on hooks only: on anything else the annotation does nothing.
      const named = (key: string) => annotationOf(manifest.object, key, ctx.options.argocdVersion) !== undefined;
      const hook = named(ANNOTATION_HOOK) || named(HELM_HOOK);
      const effect = hook ? `so it is dropped (effective policies: ${read.policies.join(', ')}${read.defaulted ? ', the default' : ''})`
        : 'and this object is not a hook, so Argo CD reads no delete policy on it at all';
      const orRemove = hook ? '' : ' (or remove the annotation: delete policies apply to hooks only)';
      for (const value of read.unrecognisedArgo) {
        const close = DELETE_POLICIES.find(p => p.toLowerCase() === value.toLowerCase());
        hits.push({
          manifest,
          message: `${ANNOTATION_HOOK_DELETE_POLICY} ${quote(value)} is not a delete policy Argo CD knows (exact, case-sensitive), ${effect}`,
          fix: (close ? `write "${close}"` : `use ${DELETE_POLICIES.join(', ')}`) + orRemove,
          path: ['metadata', 'annotations', ANNOTATION_HOOK_DELETE_POLICY],
        });
      }
      for (const value of read.unrecognisedHelm) {
        hits.push({
          manifest,
          message: `${HELM_HOOK_DELETE_POLICY} ${quote(value)} is not a Helm delete policy Argo CD knows, ${effect}`,
          fix: `use ${Object.keys(HELM_DELETE_POLICIES).join(', ')}${orRemove}`,
          path: ['metadata', 'annotations', HELM_HOOK_DELETE_POLICY],
        });
      }
    }
    return hits;
  },
};
