/**
 * Hook delete policies (gitops-engine `pkg/sync/hook/delete_policy.go`,
 * `pkg/sync/hook/helm/delete_policy.go`; docs/argo-cd-model.md#delete-policies): the union of Argo CD's
 * and Helm's values, unknown values dropped, none → BeforeHookCreation.
 */
import { ANNOTATION_HOOK_DELETE_POLICY, HELM_HOOK_DELETE_POLICY, annotationIn, annotationsOf, csvValues } from './annotations';
import { DeletePolicy } from './types';

export const DELETE_POLICIES: readonly DeletePolicy[] = ['BeforeHookCreation', 'HookSucceeded', 'HookFailed'];
export const DEFAULT_DELETE_POLICY: DeletePolicy = 'BeforeHookCreation';

export const HELM_DELETE_POLICIES: Readonly<Record<string, DeletePolicy>> = {
  'before-hook-creation': 'BeforeHookCreation',
  'hook-succeeded': 'HookSucceeded',
  'hook-failed': 'HookFailed',
};

export interface DeletePolicyRead {
  /** Effective policies, Argo's first then Helm's, de-duplicated; never empty. */
  readonly policies: readonly DeletePolicy[];
  /** True when neither annotation gave a usable value. */
  readonly defaulted: boolean;
  /** Values Argo CD drops silently. */
  readonly unrecognisedArgo: readonly string[];
  readonly unrecognisedHelm: readonly string[];
}

/** The delete policies of an object as Argo CD of `argocdVersion` (@default the latest modelled) reads its annotations. */
export function readDeletePolicies(object: Record<string, unknown>, argocdVersion?: string): DeletePolicyRead {
  return readDeletePoliciesIn(annotationsOf(object, argocdVersion));
}

/** `readDeletePolicies` on annotations already read (`annotationsOf`). */
export function readDeletePoliciesIn(annotations: Readonly<Record<string, string>>): DeletePolicyRead {
  const argo = csvValues(annotationIn(annotations, ANNOTATION_HOOK_DELETE_POLICY));
  const helm = csvValues(annotationIn(annotations, HELM_HOOK_DELETE_POLICY));
  const found = new Set<DeletePolicy>();
  for (const v of argo) if ((DELETE_POLICIES as readonly string[]).includes(v)) found.add(v as DeletePolicy);
  for (const v of helm) if (v in HELM_DELETE_POLICIES) found.add(HELM_DELETE_POLICIES[v]);
  return {
    policies: found.size > 0 ? [...found] : [DEFAULT_DELETE_POLICY],
    defaulted: found.size === 0,
    unrecognisedArgo: argo.filter(v => !(DELETE_POLICIES as readonly string[]).includes(v)),
    unrecognisedHelm: helm.filter(v => !(v in HELM_DELETE_POLICIES)),
  };
}

/** `hook.DeletePolicies(obj)`. */
export function deletePoliciesOf(object: Record<string, unknown>, argocdVersion?: string): DeletePolicy[] {
  return [...readDeletePolicies(object, argocdVersion).policies];
}
