import { outsideControlPlane } from '../../argo/app-project';
import { describeStep, gatingApplications, isApplication } from '../gates';
import type { Hit, Rule } from '../types';

/**
 * Applications in any namespace (`argo-cd docs/operator-manual/app-any-namespace.md`): one Argo CD
 * reconciles Applications outside its control plane's namespace only when the namespace is listed
 * in `application.namespaces` and in the AppProject's `spec.sourceNamespaces`. An unlisted child
 * never gets a status, the Application health check reports it Progressing, and the parent's wave
 * that waits for it never ends (`argo/app-project.ts` `outsideControlPlane`).
 *
 * Children a later wave waits for that live in different namespaces cannot all be in the control
 * plane's: the ones outside the namespace most of them share (the earliest child's on a tie) are
 * named. With their AppProject among the manifests the control plane's namespace is known and
 * `application-project-forbids` decides instead; a namespace its `sourceNamespaces` lists is taken as
 * the operator's choice.
 */
export const applicationOutsideControlPlane: Rule = {
  id: 'application-outside-control-plane',
  defaultLevel: 'warning',
  title: 'Child Applications ordered by waves live in different namespaces: one outside Argo CD\'s is never reconciled unless listed',
  check(ctx) {
    const hits: Hit[] = [];
    const children = ctx.tasksOfKind('Application').filter(t => t.action === 'apply' && !t.hook && isApplication(t));
    const gating = gatingApplications(ctx);
    if (gating.length === 0) return hits;
    const counts = new Map<string, number>();
    for (const c of children) counts.set(c.namespace, (counts.get(c.namespace) ?? 0) + 1);
    if (counts.size < 2) return hits;
    // The most shared namespace; ties go to the earliest child's (Map keeps first-seen order).
    const [common] = [...counts].reduce((best, e) => (e[1] > best[1] ? e : best));
    const projects = new Set(ctx.manifestsOfKind('AppProject').map(m => String((m.object.metadata as { name?: unknown } | undefined)?.name ?? '')));
    for (const { task: t, next } of gating) {
      if (!outsideControlPlane(t.namespace, common)) continue;
      const spec = (t.manifest.object.spec ?? {}) as Record<string, any>;
      const project = typeof spec.project === 'string' && spec.project !== '' ? spec.project : 'default';
      if (projects.has(project)) continue; // the AppProject says where the control plane is: application-project-forbids
      const other = children.find(c => c.namespace === common)!;
      hits.push({
        manifest: t.manifest,
        message: `lives in namespace ${t.namespace}, but Application/${other.name} (ordered with it) lives in ${common}: Argo CD reconciles an Application `
          + 'outside its control plane\'s namespace only when that namespace is in application.namespaces (argocd-cmd-params-cm) and in its AppProject\'s '
          + `spec.sourceNamespaces; unlisted, it never gets a status, and the parent's ${describeStep(next)}, which waits for it, never starts`,
        fix: `create the child Applications in the control plane's namespace (ArgoApplication \`namespace\`, default argocd), or list ${t.namespace} `
          + `in application.namespaces and in AppProject ${project}'s spec.sourceNamespaces (docs/operator-manual/app-any-namespace.md)`,
        path: ['metadata', 'namespace'],
      });
    }
    return hits;
  },
};
