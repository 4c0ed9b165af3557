import { hasPlacementAnnotation } from '../annotated';
import type { Hit, Rule } from '../types';

/**
 * `gitops-engine pkg/sync/sync_tasks.go` `adjustDeps` (gitops-engine PR #225, argo-cd #5522): a Namespace sorted
 * after something that lives in it is moved before it and takes that task's phase and wave, so the
 * annotation says one thing and the sync does another (even pulling the Namespace into PreSync).
 * A Namespace with no wave or hook annotation asked for no place: being moved ahead of what lives
 * in it is what hoisting is for (a Helm chart's Namespace before its PreSync hooks), not a trap.
 */
export const namespaceAfterResource: Rule = {
  id: 'namespace-after-resource',
  defaultLevel: 'warning',
  title: 'A Namespace annotated after resources that live in it',
  check(ctx) {
    const hits: Hit[] = [];
    for (const t of ctx.tasksOfKind('Namespace')) {
      if (!t.hoisted || t.group !== '' || !hasPlacementAnnotation(t, ctx.options.argocdVersion)) continue;
      const user = ctx.tasks.slice(ctx.tasks.indexOf(t) + 1).find(u => u.namespace === t.name && u.kind !== 'Namespace');
      const before = user ? ` before ${user.kind}/${user.name}` : '';
      hits.push({
        manifest: t.manifest,
        message: `is annotated ${t.annotatedPhase} wave ${t.annotatedWave}, but something in namespace ${t.name} comes earlier; Argo CD moves it to ${t.phase} wave ${t.wave}${before}, so its annotation is not what runs`,
        fix: `give the Namespace a wave before everything in it (e.g. sync-wave "${t.wave - 1}"${t.phase !== t.annotatedPhase ? `, and note that ${t.phase} hooks live in it` : ''}), or drop its wave`,
        path: ['metadata'],
      });
    }
    return hits;
  },
};
