import { applicationSyncOptionItems } from '../../argo/application';
import { ignoredAppOption } from '../../argo/sync-options';
import { isApplication } from '../gates';
import { quote } from '../quote';
import type { Hit, Rule } from '../types';

/**
 * `Prune=` and `Delete=` in an Application's `spec.syncPolicy.syncOptions` are read since Argo CD 3.4
 * (argo-cd PR #23370, `src/argo/prune-option.ts`), `SkipDryRunOnMissingResource=true` since 3.1; an
 * older Argo CD ignores them there without a word, so the child's objects are pruned and deleted as if
 * nothing were said, or its custom resources fail the dry run. Runs for the version given with
 * `--argocd-version` (default: the latest modelled, where it reports nothing).
 */
export const applicationSyncOptionIgnored: Rule = {
  id: 'application-sync-option-ignored',
  defaultLevel: 'error',
  title: 'An Application sync option the Argo CD version modelled ignores (Prune=, Delete= before 3.4, SkipDryRunOnMissingResource before 3.1)',
  check(ctx) {
    const hits: Hit[] = [];
    const version = ctx.options.argocdVersion;
    for (const t of ctx.plan.steps.flatMap(s => s.tasks)) {
      if (t.action !== 'apply' || !isApplication(t)) continue;
      applicationSyncOptionItems(t.manifest.object).forEach((option, i) => {
        if (typeof option !== 'string') return;
        const ignored = ignoredAppOption(option, version);
        if (ignored === undefined) return;
        hits.push({
          manifest: t.manifest,
          message: `has sync option ${quote(option)}: ${ignored.message}`,
          fix: `annotate the child's objects with argocd.argoproj.io/sync-options: ${option}, or upgrade to Argo CD ${ignored.since} or later`,
          path: ['spec', 'syncPolicy', 'syncOptions', i],
        });
      });
    }
    return hits;
  },
};
