import { formatKey } from '../../argo/keys';
import { isClusterScopedKind } from '../../argo/scope';
import { formatSource } from '../../argo/tasks';
import { namespaceOf } from '../objects';
import type { Hit, Rule } from '../types';

/**
 * argo-cd `controller/state.go` `NormalizeTargetObjects` (test `Test_NormalizeTargetObjects_Deduplication`):
 * an object defined more than once (same group, kind, namespace and name) is synced from its last
 * definition only, with a `RepeatedResourceWarning` condition on the Application. The sync goes on,
 * but every earlier definition is silently dropped: a second migration Job of the same name never
 * runs, a ConfigMap loses the data of its first definition. The plan reads it as Argo CD does.
 */
export const resourceRepeated: Rule = {
  id: 'resource-repeated',
  defaultLevel: 'error',
  title: 'An object defined twice: Argo CD keeps the last definition only',
  check(ctx) {
    const hits: Hit[] = [];
    for (const x of ctx.plan.excluded) {
      if (x.keptInstead === undefined) continue;
      // A cluster-scoped object's namespace is dropped before the comparison (a Helm chart rendered for two
      // namespaces repeats its ClusterRoles): saying so, and not offering another namespace as the fix.
      const clusterScoped = isClusterScopedKind(x.group, x.kind);
      const namespaces = [namespaceOf(x.manifest, ''), namespaceOf(x.keptInstead, '')]; // as written
      const why = clusterScoped && namespaces[0] !== namespaces[1]
        ? `a ${x.kind} lives outside namespaces, so Argo CD drops metadata.namespace (${namespaces.map(n => n || 'none').join(', ')}) and both are one object; it keeps`
        : 'Argo CD keeps';
      hits.push({
        manifest: x.manifest,
        message: `is defined again at ${formatSource(x.keptInstead.source)} as the same object (${formatKey(x)}): ${why} only the last definition `
          + '(RepeatedResourceWarning) and never applies this one',
        fix: clusterScoped
          ? `remove one of the definitions, or give them different names (a ${x.kind}'s namespace does not tell them apart)`
          : 'remove one of the definitions, or give them different names (or namespaces)',
        path: ['metadata', 'name'],
      });
    }
    return hits;
  },
};

