import type { SyncTask } from '../../argo/types';
import { generateNameOf, metadataName } from '../objects';
import type { Hit, Rule } from '../types';

/**
 * Reference §3.4, argo-cd #9184: a generateName hook is named `<generateName><revision>-<phase>-<start>`,
 * so two hooks of one kind with the same prefix in one phase get the same name and the second
 * apply overwrites (or clashes with) the first.
 */
export const hookGenerateNameCollision: Rule = {
  id: 'hook-generate-name-collision',
  defaultLevel: 'error',
  title: 'Two generateName hooks with the same prefix in one phase',
  check(ctx) {
    const hits: Hit[] = [];
    const first = new Map<string, SyncTask>();
    for (const t of ctx.tasks) {
      if (!t.hook || t.action !== 'apply' || metadataName(t.manifest) !== undefined) continue;
      const key = `${t.phase}\0${t.group}\0${t.kind}\0${t.namespace}\0${t.name}`;
      const other = first.get(key);
      if (!other) {
        first.set(key, t);
        continue;
      }
      if (other.manifest === t.manifest) continue;
      hits.push({
        manifest: t.manifest,
        message: `has generateName "${generateNameOf(t.manifest)}" like ${other.kind}/${generateNameOf(other.manifest)} (${other.manifest.source.file}), and both are ${t.phase} hooks: Argo CD names both ${t.name}, so they collide`,
        fix: 'give each hook its own generateName prefix',
        path: ['metadata', 'generateName'],
      });
    }
    return hits;
  },
};
