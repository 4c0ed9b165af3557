import { ANNOTATION_SYNC_WAVE, annotationOf } from '../../argo/annotations';
import { rollingSyncSteps } from '../../argo/progressive-sync';
import { declaredDependencies, DEPENDS_ON_ANNOTATION, parseDependsOn } from '../depends-on';
import { isApplication } from '../gates';
import type { Hit, Rule } from '../types';
import { TaskIndex } from '../uses';

const FIX = 'create the Applications in one app-of-apps parent and order them there by sync waves (ArgoApplication `after`, '
  + 'with the Application health check installed), or generate them from one ApplicationSet with a RollingSync strategy whose steps put them in order';

/**
 * Argo CD has no dependencies between Applications (argo-cd PR #15280, open). An order between
 * Applications holds only by one of two mechanisms: the waves of the parent Application that syncs
 * them as its resources (app-of-apps), or the steps of an ApplicationSet's RollingSync. Visible in
 * YAML for certain:
 * - an ApplicationSet without RollingSync whose template carries a sync-wave or a declared
 *   dependency: the controller creates and updates the generated Applications itself, so no parent
 *   syncs them in waves (argo-cd #17639, #18268);
 * - an Application declared (`syncplan.cdk8s.io/depends-on`) to wait for an Application these
 *   manifests do not hold: whatever syncs these manifests, its waves do not include the other one.
 */
export const applicationOrderIgnored: Rule = {
  id: 'application-order-ignored',
  defaultLevel: 'error',
  title: 'An order between Applications that neither app-of-apps waves nor a RollingSync carry',
  check(ctx) {
    const hits: Hit[] = [];
    for (const manifest of ctx.manifestsOfKind('ApplicationSet')) {
      if (rollingSyncSteps(manifest.object)) continue;
      const template = (manifest.object.spec as { template?: unknown } | undefined)?.template;
      if (typeof template !== 'object' || template === null) continue;
      const declared = [ANNOTATION_SYNC_WAVE, DEPENDS_ON_ANNOTATION]
        .find((key) => annotationOf(template as Record<string, unknown>, key) !== undefined);
      if (!declared) continue;
      const what = declared === ANNOTATION_SYNC_WAVE ? 'a sync-wave' : 'a declared dependency';
      hits.push({
        manifest,
        message: `generates Applications with ${what}, but no parent syncs them: the ApplicationSet controller creates and updates them itself, `
          + 'all at once, so the order is ignored (argo-cd #17639)',
        fix: 'give the ApplicationSet a RollingSync strategy whose steps select the Applications in order (spec.strategy.type: RollingSync, '
          + 'with applicationsetcontroller.enable.progressive.syncs on), or create the Applications in an app-of-apps parent ordered by waves',
        path: ['spec', 'template', 'metadata', 'annotations', declared],
      });
    }
    let index: TaskIndex | undefined;
    for (const t of ctx.tasksOfKind('Application')) {
      if (t.action !== 'apply' || !isApplication(t)) continue;
      const refs = parseDependsOn(annotationOf(t.manifest.object, DEPENDS_ON_ANNOTATION))
        .filter((r) => r.group === 'argoproj.io' && r.kind === 'Application');
      if (refs.length === 0) continue;
      index ??= new TaskIndex(ctx.tasks);
      const found = new Set(declaredDependencies(t, index).filter(isApplication).map((u) => `${u.namespace}/${u.name}`));
      for (const r of refs) {
        const key = `${r.namespace || t.namespace}/${r.name}`;
        if (found.has(key)) continue;
        hits.push({
          manifest: t.manifest,
          message: `depends on Application ${key}, which these manifests do not hold: the waves of whatever syncs them cannot order it, `
            + 'and Argo CD has no dependencies between Applications (argo-cd PR #15280)',
          fix: FIX,
          path: ['metadata', 'annotations', DEPENDS_ON_ANNOTATION],
        });
      }
    }
    return hits;
  },
};
