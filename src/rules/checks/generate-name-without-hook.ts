import { hookRead } from '../hooks';
import type { Hit, Rule } from '../types';

/** `argo-cd test/e2e/hook_test.go` `TestNamingNonHookResource`: only hooks are named; the sync fails. */
export const generateNameWithoutHook: Rule = {
  id: 'generate-name-without-hook',
  defaultLevel: 'error',
  title: 'A resource that is not a hook has only generateName',
  check(ctx) {
    const hits: Hit[] = [];
    for (const manifest of ctx.generateNamed) {
      const hook = hookRead(manifest, ctx.options.argocdVersion);
      if (hook.isHook || hook.skip) continue;
      hits.push({
        manifest,
        message: 'has metadata.generateName but no metadata.name and is not a hook: Argo CD names only hooks, so the sync fails',
        fix: 'set metadata.name, or make it a hook (argocd.argoproj.io/hook) if it should run anew on every sync',
        path: ['metadata', 'generateName'],
      });
    }
    return hits;
  },
};
