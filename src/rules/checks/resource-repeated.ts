import { formatKey } from '../../argo/keys';
import { formatSource } from '../../argo/tasks';
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
      hits.push({
        manifest: x.manifest,
        message: `is defined again at ${formatSource(x.keptInstead.source)} as the same object (${formatKey(x)}): Argo CD keeps only the last definition `
          + '(RepeatedResourceWarning) and never applies this one',
        fix: 'remove one of the definitions, or give them different names (or namespaces)',
        path: ['metadata', 'name'],
      });
    }
    return hits;
  },
};
