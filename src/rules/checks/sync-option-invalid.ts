import { SYNC_OPTIONS } from '../../argo/sync-options';
import { quote } from '../quote';
import { syncOptionSites } from '../sync-option-sites';
import type { Hit, Rule } from '../types';

/**
 * `gitops-engine pkg/sync/common/types.go`: options match exactly and case-sensitively, so `PruneLast=True` or
 * `prune=false` do nothing at all; app-only options do nothing on a resource, and `Force=true` nothing in an
 * Application's syncOptions. On resources and in child Applications' syncOptions alike.
 */
export const syncOptionInvalid: Rule = {
  id: 'sync-option-invalid',
  defaultLevel: 'error',
  title: 'A sync option Argo CD ignores: wrong case, wrong value, or app-only',
  check(ctx) {
    const hits: Hit[] = [];
    for (const { manifest, option, where, path } of syncOptionSites(ctx)) {
      const problem = checkOption(option, where);
      if (problem) hits.push({ manifest, ...problem, path });
    }
    return hits;
  },
};

/** What is wrong with one option: the finding's message and fix, and the reason alone for callers that word their own refusal (`--sync-option`). */
export interface OptionProblem { readonly message: string; readonly fix: string; readonly why: string }

/**
 * A problem with a known option (unknown names are sync-option-unknown's business), written on a
 * resource's annotation or, with `where: 'app'`, in an Application's `spec.syncPolicy.syncOptions`.
 */
export function checkOption(option: string, where: 'resource' | 'app' = 'resource'): OptionProblem | undefined {
  const eq = option.indexOf('=');
  const name = eq < 0 ? option : option.slice(0, eq);
  const value = eq < 0 ? undefined : option.slice(eq + 1);
  const spec = SYNC_OPTIONS.find(o => o.name.toLowerCase() === name.toLowerCase());
  if (!spec) return undefined;
  // Spelling out the default (`Replace=false`, `Prune=true`) does nothing either, but harms nothing.
  if (spec.name === name && value !== undefined && value === defaultValue(spec.values, spec.name)) return undefined;
  const exactValue = spec.values.find(v => v === value);
  const looseValue = spec.values.find(v => v.toLowerCase() === (value ?? '').toLowerCase());
  const canonical = `${spec.name}=${exactValue ?? looseValue ?? spec.values[0]}`;
  if (spec.name !== name || exactValue === undefined) {
    const what = value === undefined ? 'has no value' : exactValue === undefined && looseValue === undefined
      ? `takes ${spec.values.map(v => `"${v}"`).join(' or ')}, not ${quote(value)}` : 'is matched exactly and case-sensitively';
    return {
      message: `sync option ${quote(option)} does nothing: ${spec.name} ${what}`,
      why: `${spec.name} ${what}`,
      fix: looseValue !== undefined || exactValue !== undefined ? `write "${canonical}"` : `write one of ${spec.values.map(v => `"${spec.name}=${v}"`).join(', ')}`,
    };
  }
  if (spec.scope === 'resource' && where === 'app') {
    // controller/sync.go: the sync's force comes from the operation (argocd app sync --force), never from syncOptions.
    return {
      message: `sync option ${quote(option)} is read only from a resource's argocd.argoproj.io/sync-options annotation (and a forced sync from argocd app sync --force), `
        + 'never from the Application\'s syncOptions, so it does nothing here',
      why: `Argo CD reads ${spec.name} from the objects' argocd.argoproj.io/sync-options annotation only`,
      fix: `annotate the objects that need it with argocd.argoproj.io/sync-options: ${option}, or sync with --force`,
    };
  }
  if (spec.scope === 'app' && where === 'resource') {
    return {
      message: `sync option ${quote(option)} is read only from the Application's spec.syncPolicy.syncOptions, never from a resource annotation, so it does nothing here`,
      why: `Argo CD reads ${spec.name} from the Application's syncOptions only`,
      fix: `move ${quote(option)} to the Application's syncOptions`,
    };
  }
  return undefined;
}

/** The value that means "as if the option were absent", when Argo CD has one. */
function defaultValue(values: readonly string[], name: string): string | undefined {
  if (name === 'Prune' || name === 'Delete') return 'true';
  return values.length === 1 && values[0] === 'true' ? 'false' : undefined;
}
