/**
 * Argo CD's ordering physics, read from gitops-engine `pkg/sync` and the application controller:
 * `buildPlan(manifests, options)` is the whole pipeline (docs/argo-cd-model.md#pipeline); the other exports are its
 * pieces, for rules, reports and the simulator. Internal to the package (not jsii API); no cdk8s.
 */
export * from './types';
export * from './annotations';
export * from './waves';
export * from './hooks';
export * from './delete-policy';
export * from './sync-options';
export * from './kind-order';
export * from './keys';
export * from './sort';
export * from './health';
export * from './health-lua';
export { buildTasks, hookName, sourceAt, formatSource, DEFAULT_REVISION } from './tasks';
export type { TaskBuild } from './tasks';
export type { DraftTask } from './draft';
export { adjustDeps, hoist, isCrd, isNamespace, crdDefinition, crdDep, crdRef, namespaceDep, namespaceRef } from './hoist';
export { mirrorPruneWaves, applyPruneLast, isPruneLast } from './prune';
export { groupSteps, isMultiStep } from './steps';
export { createNamespaceTask, CREATE_NAMESPACE_SOURCE } from './create-namespace';
export { buildPlan } from './plan';
