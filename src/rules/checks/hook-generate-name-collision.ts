import type { Manifest } from '../../argo/types';
import { generateNameOf, groupOf, kindOf, metadataName, namespaceOf } from '../objects';
import { quote } from '../quote';
import type { Hit, Rule } from '../types';

/**
 * docs/argo-cd-model.md#hook-names, argo-cd #9184: a generateName hook is named
 * `<generateName><revision>-<phase>-<start>`, so two hooks of one kind with the same prefix in one phase get the
 * same name: Argo CD keeps one task for the pair and the other hook never runs.
 */
export const hookGenerateNameCollision: Rule = {
  id: 'hook-generate-name-collision',
  defaultLevel: 'error',
  title: 'Two generateName hooks with the same prefix in one phase',
  check(ctx) {
    const hits: Hit[] = [];
    const first = new Map<string, Manifest>();
    for (const { manifest, hook } of ctx.hooks) {
      const prefix = generateNameOf(manifest);
      if (metadataName(manifest) !== undefined || prefix === undefined) continue;
      for (const phase of [...hook.phases, ...hook.deletionTypes]) {
        const key = [phase, groupOf(manifest), kindOf(manifest), namespaceOf(manifest, ctx.options.namespace), prefix].join('\0');
        const other = first.get(key);
        if (!other) {
          first.set(key, manifest);
          continue;
        }
        hits.push({
          manifest,
          message: `has generateName ${quote(prefix)} like the ${phase} hook ${kindOf(other)}/${prefix} at ${other.source.file}${other.source.line > 0 ? `:${other.source.line}` : ''}: Argo CD gives both the same name, so only one of them runs`,
          fix: 'give each hook its own generateName prefix',
          path: ['metadata', 'generateName'],
        });
      }
    }
    return hits;
  },
};
