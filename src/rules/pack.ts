/**
 * The default pack: every rule at its default level. A pack is just a list of rules; levels are
 * overridden per id through `LintOptions.levels` (`off` drops a rule).
 */
import { annotationNotString } from './checks/annotation-not-string';
import { apiVersionMiscased } from './checks/api-version-miscased';
import { apiVersionRemoved } from './checks/api-version-removed';
import { applicationHealthMissing } from './checks/application-health-missing';
import { applicationHealthUnchecked } from './checks/application-health-unchecked';
import { applicationOrderIgnored } from './checks/application-order-ignored';
import { applicationOutsideControlPlane } from './checks/application-outside-control-plane';
import { applicationProjectForbids } from './checks/application-project-forbids';
import { applicationSyncOptionIgnored } from './checks/application-sync-option-ignored';
import { childAutomatedSync } from './checks/child-automated-sync';
import { childNotAutomated } from './checks/child-not-automated';
import { clientSideApplyTooLarge } from './checks/client-side-apply-too-large';
import { crdNotBeforeCustomResource } from './checks/crd-not-before-custom-resource';
import { customResourceWithoutCrd } from './checks/custom-resource-without-crd';
import { deletePolicyUnrecognised } from './checks/delete-policy-unrecognised';
import { gateNeverOpens } from './checks/gate-never-opens';
import { generateNameWithoutHook } from './checks/generate-name-without-hook';
import { helmHookUnsupported } from './checks/helm-hook-unsupported';
import { hookArgoHelmMixed } from './checks/hook-argo-helm-mixed';
import { hookBackoffDefault } from './checks/hook-backoff-default';
import { hookDeletesData } from './checks/hook-deletes-data';
import { hookEnvLiteralSecret } from './checks/hook-env-literal-secret';
import { hookGenerateNameCollision } from './checks/hook-generate-name-collision';
import { hookGenerateNamePilesUp } from './checks/hook-generate-name-piles-up';
import { hookNameWithoutBeforeHookCreation } from './checks/hook-name-without-before-hook-creation';
import { hookNoDeadline } from './checks/hook-no-deadline';
import { hookTtlTooShort } from './checks/hook-ttl-too-short';
import { hookUnrecognised } from './checks/hook-unrecognised';
import { ignoreHealthcheckAwaited } from './checks/ignore-healthcheck-awaited';
import { kindMiscased } from './checks/kind-miscased';
import { lastWaveUnchecked } from './checks/last-wave-unchecked';
import { loadBalancerGatesWave } from './checks/load-balancer-gates-wave';
import { maxUpdateQuotedNumber } from './checks/max-update-quoted-number';
import { nameMissing } from './checks/name-missing';
import { namespaceAfterResource } from './checks/namespace-after-resource';
import { namespaceNotString } from './checks/namespace-not-string';
import { objectInvalid } from './checks/object-invalid';
import { postDeleteHookNamespaceDeleted } from './checks/post-delete-hook-namespace-deleted';
import { pvcGatesWave } from './checks/pvc-gates-wave';
import { readinessProbeMissing } from './checks/readiness-probe-missing';
import { readsResourceCreatedLater } from './checks/reads-resource-created-later';
import { resourceNotPermitted } from './checks/resource-not-permitted';
import { resourceRepeated } from './checks/resource-repeated';
import { rollingSyncAppInNoStep } from './checks/rolling-sync-app-in-no-step';
import { suppressionInvalid } from './checks/suppression-invalid';
import { syncOptionInvalid } from './checks/sync-option-invalid';
import { syncOptionUnknown } from './checks/sync-option-unknown';
import { syncFailHookWave } from './checks/syncfail-hook-wave';
import { waveGateNoHealth } from './checks/wave-gate-no-health';
import { waveInvalid } from './checks/wave-invalid';
import { waveNotCanonical } from './checks/wave-not-canonical';
import { waveTooLarge } from './checks/wave-too-large';
import { waveUnneeded } from './checks/wave-unneeded';
import type { Rule } from './types';

/** Every rule, grouped as the issue lists them: objects, annotations, order, gates, hooks, cost. */
export const ALL_RULES: readonly Rule[] = [
  // Objects Argo CD drops or cannot name.
  resourceRepeated,
  nameMissing,
  namespaceNotString,
  // Annotations Argo CD reads silently wrong.
  annotationNotString,
  waveInvalid,
  waveNotCanonical,
  waveTooLarge,
  hookUnrecognised,
  helmHookUnsupported,
  hookArgoHelmMixed,
  deletePolicyUnrecognised,
  syncOptionInvalid,
  syncOptionUnknown,
  // What the API server rejects at apply time.
  apiVersionRemoved,
  apiVersionMiscased,
  kindMiscased,
  clientSideApplyTooLarge,
  objectInvalid,
  // Order between objects.
  crdNotBeforeCustomResource,
  namespaceAfterResource,
  customResourceWithoutCrd,
  readsResourceCreatedLater,
  // Gates: waits that mean nothing, or never end.
  readinessProbeMissing,
  waveGateNoHealth,
  ignoreHealthcheckAwaited,
  applicationHealthUnchecked,
  applicationHealthMissing,
  gateNeverOpens,
  loadBalancerGatesWave,
  pvcGatesWave,
  // Order between Applications (app-of-apps, progressive syncs).
  applicationOrderIgnored,
  applicationProjectForbids,
  resourceNotPermitted,
  applicationOutsideControlPlane,
  childNotAutomated,
  childAutomatedSync,
  applicationSyncOptionIgnored,
  rollingSyncAppInNoStep,
  maxUpdateQuotedNumber,
  // Hooks.
  hookDeletesData,
  hookNoDeadline,
  hookBackoffDefault,
  hookTtlTooShort,
  hookNameWithoutBeforeHookCreation,
  hookGenerateNamePilesUp,
  hookGenerateNameCollision,
  generateNameWithoutHook,
  syncFailHookWave,
  hookEnvLiteralSecret,
  postDeleteHookNamespaceDeleted,
  // Cost and advice.
  waveUnneeded,
  lastWaveUnchecked,
  // Suppressions themselves.
  suppressionInvalid,
];

export const RULE_IDS: ReadonlySet<string> = new Set(ALL_RULES.map(r => r.id));

export function ruleById(id: string): Rule | undefined {
  return ALL_RULES.find(r => r.id === id);
}
