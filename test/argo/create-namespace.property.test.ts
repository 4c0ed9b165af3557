/**
 * `plan` and `simulate` agree on the task Argo CD 3.1+ applies before the dry run (gitops-engine
 * `pkg/sync/sync_context.go` `getNamespaceCreationTask`; its tests `TestSyncNamespaceCreatedBeforeDryRun*`
 * cover the CreateNamespace task only), on random task lists: Namespace manifests named like the
 * destination or not, hooks of every phase, waves, the CreateNamespace option with or without
 * managed metadata, the namespace live or missing, every modelled version.
 */
import * as fc from 'fast-check';
import { hook, manifest, replay, wave } from './simulate/fixtures';
import type { Manifest, SyncPlan } from '../../src/argo/types';
import { ARGOCD_VERSIONS, behavesSince } from '../../src/argo/versions';

const DESTINATION = 'orders';
const HOOKS = [undefined, undefined, 'PreSync', 'Sync', 'PostSync', 'SyncFail'];

interface Spec { kind: 'Namespace' | 'ConfigMap'; name: string; namespace?: string; wave: number; hook?: string }

const spec: fc.Arbitrary<Spec> = fc.oneof(
  fc.record({
    kind: fc.constant('Namespace' as const),
    name: fc.constantFrom(DESTINATION, DESTINATION, 'tools'),
    wave: fc.integer({ min: -2, max: 5 }),
    hook: fc.constantFrom(...HOOKS),
  }),
  fc.record({
    kind: fc.constant('ConfigMap' as const),
    name: fc.constantFrom('a', 'b', 'c'),
    namespace: fc.constantFrom(undefined, DESTINATION, 'tools'),
    wave: fc.integer({ min: -2, max: 5 }),
    hook: fc.constantFrom(...HOOKS),
  }),
);

function manifests(list: readonly Spec[]): Manifest[] {
  return list.map((s, i) => manifest({
    kind: s.kind,
    // Hooks get their own names, so no two documents are one object (the last definition would win).
    name: s.hook ? `${s.name === DESTINATION && s.kind === 'Namespace' ? DESTINATION : `${s.name}-${i}`}` : s.name,
    ...(s.namespace !== undefined ? { namespace: s.namespace } : {}),
    annotations: { ...wave(s.wave), ...(s.hook ? hook(s.hook) : {}) },
  }));
}

/** What `plan` says goes out before the dry run, as [step, phase, wave, namespace] (step 0: the first-call CreateNamespace task). */
function planSays(plan: SyncPlan, version: string): unknown[] | undefined {
  const task = plan.createdBeforeDryRun ?? (behavesSince('namespaceBeforeDryRun', version) ? plan.createNamespace : undefined);
  if (!task) return undefined;
  const index = plan.steps.findIndex(s => s.tasks.includes(task));
  const step = task === plan.createNamespace ? 0 : index >= 0 ? index + 1 : plan.steps.length + 1;
  return [step, task.phase, task.wave, task.namespace];
}

test('plan names the task simulate creates before the dry run, and simulate applies it once', () => {
  fc.assert(fc.property(
    fc.array(spec, { minLength: 0, maxLength: 7 }),
    fc.boolean(), fc.boolean(), fc.boolean(), fc.constantFrom(...ARGOCD_VERSIONS),
    (list, createNamespace, managed, live, version) => {
      const { plan, result } = replay(manifests(list), {
        plan: {
          namespace: DESTINATION,
          argocdVersion: version,
          ...(createNamespace ? { syncOptions: ['CreateNamespace=true'] } : {}),
          ...(managed ? { managedNamespaceMetadata: true } : {}),
          ...(live ? { live: [manifest({ kind: 'Namespace', name: DESTINATION })] } : {}),
        },
      });
      const first = result.applied.filter(a => a.beforeDryRun);
      expect(first.length).toBeLessThanOrEqual(1);
      const simulated = first.length === 1 ? [first[0].step, first[0].phase, first[0].wave, first[0].namespace] : undefined;
      expect(planSays(plan, version)).toEqual(simulated);
      if (simulated) {
        // Marked done (Synced, Running, then Succeeded): its own step never applies it again.
        expect(result.applied.filter(a => a.kind === 'Namespace' && a.name === DESTINATION && a.step === first[0].step
          && a.phase === first[0].phase && a.namespace === first[0].namespace)).toHaveLength(1);
      }
    },
  ), { numRuns: 400 });
});
