import type { SyncTask } from '../../argo/types';
import { describeStep } from '../gates';
import { POD_KINDS, podReferences, podSpecOf } from '../objects';
import type { Hit, Rule } from '../types';

const REFERABLE = ['Secret', 'ConfigMap', 'ServiceAccount', 'PersistentVolumeClaim'];

/**
 * argo-cd #9891, #5086, #25475: a PreSync hook runs before every Sync-phase resource, so a Secret,
 * ConfigMap, ServiceAccount or PVC the same app creates in the Sync phase does not exist yet on the
 * first sync; the hook's pod cannot start and the sync waits for it forever. The same deadlock
 * holds for anything a gated wave waits for that needs an object of a later wave.
 */
export const readsResourceCreatedLater: Rule = {
  id: 'reads-resource-created-later',
  defaultLevel: 'error',
  title: 'A pod that needs a Secret, ConfigMap, ServiceAccount or PVC the app creates only later',
  check(ctx) {
    // First step in which each referable object is applied.
    const createdAt = new Map<string, SyncTask>();
    let lastCreated = -1;
    // Kind by kind (each in plan order): a key names its kind, so each keeps its first task.
    for (const t of REFERABLE.flatMap(kind => ctx.tasksOfKind(kind))) {
      if (t.action !== 'apply' || t.group !== '' || t.phase === 'SyncFail') continue;
      const key = `${t.kind}/${t.namespace}/${t.name}`;
      if (createdAt.has(key)) continue;
      createdAt.set(key, t);
      lastCreated = Math.max(lastCreated, ctx.stepIndexOf(t));
    }
    const hits: Hit[] = [];
    for (const t of ctx.tasksOfKind(...POD_KINDS)) {
      if (t.action !== 'apply' || t.phase === 'SyncFail') continue;
      const step = ctx.stepIndexOf(t);
      // Nothing it could need is created after its step: no reference to read.
      if (step >= lastCreated) continue;
      const pod = podSpecOf(t.manifest);
      if (!pod) continue;
      for (const ref of podReferences(pod)) {
        const target = createdAt.get(`${ref.kind}/${t.namespace}/${ref.name}`);
        if (!target || ctx.stepIndexOf(target) <= step) continue;
        const later = describeStep(target);
        const presync = t.phase === 'PreSync' && target.phase !== 'PreSync';
        hits.push({
          manifest: t.manifest,
          message: presync
            ? `is a PreSync hook that needs ${ref.kind}/${ref.name}, which this app creates only in ${later}: on the first sync it does not exist yet, the pod cannot start and the sync hangs`
            : `is in ${describeStep(t)} and needs ${ref.kind}/${ref.name}, which is created only in ${later}: on the first sync the pod cannot start, and Argo CD waits for it before it ever creates ${ref.kind}/${ref.name}`,
          fix: presync ? presyncFix(ref.kind, ref.name) : `give ${ref.kind}/${ref.name} a wave before ${describeStep(t)}`,
          path: ref.path,
        });
      }
    }
    return hits;
  },
};

/**
 * What a PreSync hook that needs a Sync-phase object can do. A Secret, ConfigMap or ServiceAccount
 * can be a PreSync hook itself, applied before the Job by kind order in its wave; a claim cannot:
 * Argo CD deletes hooks by their delete policy, and a claim's volume with it (rule hook-deletes-data).
 */
function presyncFix(kind: string, name: string): string {
  const later = 'run this hook later (a MigrationHook with `phase: HookPhase.SYNC`)';
  if (kind === 'PersistentVolumeClaim') return `${later}, or create ${kind}/${name} outside this app (a claim must not be a hook: deleting it deletes its volume)`;
  return `put ${kind}/${name} in a Tier with \`phase: HookPhase.PRE_SYNC\` that this hook comes \`after\` (by hand: a PreSync hook in the same wave or an earlier one, `
    + `delete policy BeforeHookCreation), or create it outside this app, or ${later}`;
}
