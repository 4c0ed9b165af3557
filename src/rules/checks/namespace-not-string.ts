import { namespaceNotString as nonStringNamespace } from '../../argo/keys';
import { typeWord } from '../../argo/object-validity';
import { isClusterScopedKind } from '../../argo/scope';
import { groupOf, kindOf } from '../objects';
import type { Hit, Rule } from '../types';

/**
 * argo-cd `controller/state.go` `NormalizeTargetObjects`: a `metadata.namespace` that is not a string
 * reads as none, and the destination namespace is written over it (`src/argo/keys.ts`
 * `namespaceNotString`): `namespace: 5` silently lands in the destination namespace, not in "5".
 */
export const namespaceNotString: Rule = {
  id: 'namespace-not-string',
  defaultLevel: 'error',
  title: 'metadata.namespace is not a string (Argo CD applies the object in the destination namespace)',
  check(ctx) {
    const hits: Hit[] = [];
    for (const manifest of ctx.manifests) {
      const value = nonStringNamespace(manifest.object);
      if (value === undefined || isClusterScopedKind(groupOf(manifest), kindOf(manifest))) continue;
      const destination = ctx.options.namespace === '' ? "the Application's destination namespace" : `the destination namespace "${ctx.options.namespace}"`;
      const scalar = typeof value === 'number' || typeof value === 'boolean';
      hits.push({
        manifest,
        message: `metadata.namespace is ${typeWord(value)} (${JSON.stringify(value)}), not a string: Argo CD reads it as no namespace and applies the object in ${destination}`
          + (scalar ? `, not in "${String(value)}"` : ''),
        fix: scalar ? `quote it: namespace: "${String(value)}"` : 'write metadata.namespace as a string',
        path: ['metadata', 'namespace'],
      });
    }
    return hits;
  },
};

