import { isPlainObject } from '../../argo/annotations';
import { isCrd } from '../../argo/hoist';
import type { SyncTask } from '../../argo/types';
import { annotatedPlace } from '../annotated';
import { str } from '../objects';
import type { Hit, Rule, RuleContext } from '../types';

/**
 * A Namespace or CRD in the wrong wave is the most common first-sync failure.
 * Argo CD hoists a late CRD right before its first custom resource (`gitops-engine pkg/sync/sync_tasks.go`
 * `adjustDeps`) and then polls only ~3 s for `Established`; in an earlier wave its health check
 * (Established) gates the custom resources instead.
 */
export const crdNotBeforeCustomResource: Rule = {
  id: 'crd-not-before-custom-resource',
  defaultLevel: 'warning',
  title: 'A CRD not in an earlier wave than its custom resources',
  check(ctx) {
    const hits: Hit[] = [];
    for (const t of ctx.tasksOfKind('CustomResourceDefinition')) {
      if (t.action !== 'apply' || !isCrd(t) || t.phase === 'SyncFail') continue;
      const key = crdKey(t.manifest.object);
      const user = key === undefined ? undefined : firstUser(ctx, key);
      if (!user) continue;
      const crdStep = ctx.stepIndexOf(t);
      const userStep = ctx.stepIndexOf(user);
      if (crdStep < userStep && !t.hoisted) continue;
      const where = `${user.phase} wave ${user.wave}`;
      hits.push({
        manifest: t.manifest,
        message: t.hoisted
          ? `${annotatedPlace(t, ctx.options.argocdVersion)}, after its custom resource ${user.kind}/${user.name} (${where}); Argo CD moves it into ${where} right before it and waits only ~3 s for it to be Established, so the first sync can fail`
          : `is in the same wave as its custom resource ${user.kind}/${user.name} (${where}); Argo CD applies it first but waits only ~3 s for it to be Established, so the first sync can fail and only the retry works`,
        fix: `put the CRD in an earlier wave than ${user.kind}/${user.name} (e.g. sync-wave "${user.wave - 1}"), where Argo CD waits until it is Established`,
        path: ['metadata'],
      });
    }
    return hits;
  },
};

/** The first task applied of a `group/Kind`, in plan order: its first custom resource. */
function firstUser(ctx: RuleContext, key: string): SyncTask | undefined {
  // A task's group (from its apiVersion) never holds a '/': the key splits at its first one.
  const slash = key.indexOf('/');
  const group = key.slice(0, slash);
  return ctx.tasksOfKind(key.slice(slash + 1)).find(t => t.action === 'apply' && t.phase !== 'SyncFail' && t.group === group);
}

function crdKey(object: Record<string, unknown>): string | undefined {
  const spec = isPlainObject(object.spec) ? object.spec : {};
  const names = isPlainObject(spec.names) ? spec.names : {};
  const group = str(spec.group);
  const kind = str(names.kind);
  return group !== undefined && kind !== undefined ? `${group}/${kind}` : undefined;
}
