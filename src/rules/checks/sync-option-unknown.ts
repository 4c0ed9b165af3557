import { SYNC_OPTIONS } from '../../argo/sync-options';
import { quote } from '../quote';
import type { OptionProblem } from './sync-option-invalid';
import { nearest } from '../suggest';
import { syncOptionSites } from '../sync-option-sites';
import type { Hit, Rule } from '../types';

/**
 * Options Argo CD does not know are ignored without a word; usually a typo, sometimes a newer option
 * or one a page once named wrongly (`DisableClientSideApplyMigration=true`, argo-cd #25288: the option
 * is `ClientSideApplyMigration=false`). On resources and in child Applications' syncOptions alike.
 */
export const syncOptionUnknown: Rule = {
  id: 'sync-option-unknown',
  defaultLevel: 'warning',
  title: 'A sync option Argo CD does not know',
  check(ctx) {
    const hits: Hit[] = [];
    for (const { manifest, option, where, path } of syncOptionSites(ctx)) {
      const problem = unknownOption(option, where);
      if (problem) hits.push({ manifest, ...problem, path });
    }
    return hits;
  },
};

/**
 * Names pages or habits give that Argo CD never read, with the option meant: the sync-options page
 * named `DisableClientSideApplyMigration=true` until argo-cd #25288 (the option is `ClientSideApplyMigration=false`).
 */
const MEANT: Readonly<Record<string, string>> = { DisableClientSideApplyMigration: 'ClientSideApplyMigration=false' };

/** The problem with an option whose name Argo CD does not know (on a resource, or `where: 'app'`). */
export function unknownOption(option: string, where: 'resource' | 'app' = 'resource'): OptionProblem | undefined {
  const name = option.split('=')[0];
  if (SYNC_OPTIONS.some(o => o.name.toLowerCase() === name.toLowerCase())) return undefined;
  const usable = SYNC_OPTIONS.filter(o => o.scope === 'both' || o.scope === where).map(o => o.name);
  // A typo is an edit or two away; further, a near name may mean the opposite (PruneFirst, PruneLast).
  const near = nearest(name, usable, 2);
  const value = option.slice(name.length); // `=value`, or nothing
  const meant = MEANT[name] ?? (near === undefined ? undefined : near + value);
  return {
    message: `sync option ${quote(option)} is not one Argo CD knows, so it is ignored`,
    why: `Argo CD knows no option ${name}`,
    fix: meant !== undefined ? `write ${quote(meant)}` : `use one of ${usable.join(', ')} (Key=value, exact case)`,
  };
}
