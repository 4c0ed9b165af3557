/**
 * The parts of an Application spec that `ArgoApplication` and `ArgoApplicationSet` write alike:
 * the typed sync policy and retry, and sync options checked by the sync-option rules' own checks.
 */
import { Duration } from 'cdk8s';

/** What is read of `ArgoRetry` (declared here by shape, so this file imports nothing of the constructs). */
interface RetryProps {
  readonly limit?: number;
  readonly backoffDuration?: Duration;
  readonly backoffFactor?: number;
  readonly maxBackoffDuration?: Duration;
}

/** What is read of `ArgoSyncPolicy`. */
interface SyncPolicyProps {
  readonly automated?: boolean;
  readonly prune?: boolean;
  readonly selfHeal?: boolean;
  readonly allowEmpty?: boolean;
  readonly retry?: RetryProps;
}
import * as argocd from '../imports/argoproj.io';
import { checkOption } from '../rules/checks/sync-option-invalid';
import { unknownOption } from '../rules/checks/sync-option-unknown';

export function includeOf(patterns: readonly string[]): string | undefined {
  if (patterns.length === 0) return undefined;
  return patterns.length === 1 ? patterns[0] : `{${patterns.join(',')}}`;
}

export function checkSyncOptions(where: string, options: readonly string[]): void {
  for (const option of options) {
    const problem = checkOption(option, 'app') ?? unknownOption(option, 'app');
    if (problem) throw new Error(`${where}: ${problem.message}; ${problem.fix}`);
  }
}

export function syncPolicyOf(where: string, policy: SyncPolicyProps | undefined,
  syncOptions: readonly string[]): argocd.ApplicationSpecSyncPolicy | undefined {
  if (!policy && syncOptions.length === 0) return undefined;
  const p = policy ?? {};
  for (const flag of ['prune', 'selfHeal', 'allowEmpty'] as const) {
    if (p[flag] && !p.automated) throw new Error(`${where}: syncPolicy.${flag} acts on automated syncs only, so it does nothing without \`automated: true\``);
  }
  if (p.allowEmpty && !p.prune) throw new Error(`${where}: syncPolicy.allowEmpty allows a prune of every object, so it does nothing without \`prune: true\``);
  return {
    automated: p.automated ? { prune: p.prune, selfHeal: p.selfHeal, allowEmpty: p.allowEmpty } : undefined,
    syncOptions: syncOptions.length > 0 ? [...syncOptions] : undefined,
    retry: p.retry ? retryOf(where, p.retry) : undefined,
  };
}

export function retryOf(where: string, r: RetryProps): argocd.ApplicationSpecSyncPolicyRetry {
  const limit = r.limit ?? 5;
  if (!Number.isSafeInteger(limit)) throw new Error(`${where}: syncPolicy.retry.limit must be an integer, got ${limit}`);
  const factor = r.backoffFactor ?? 2;
  if (!Number.isSafeInteger(factor) || factor < 1) throw new Error(`${where}: syncPolicy.retry.backoffFactor must be an integer of at least 1, got ${factor}`);
  const seconds = (field: string, d: Duration): string => {
    const s = d.toSeconds({ integral: false });
    if (!Number.isInteger(s) || s < 1) throw new Error(`${where}: syncPolicy.retry.${field} must be a whole number of seconds, at least 1, got ${d.toHumanString()}`);
    return `${s}s`;
  };
  const duration = seconds('backoffDuration', r.backoffDuration ?? Duration.seconds(5));
  const maxDuration = seconds('maxBackoffDuration', r.maxBackoffDuration ?? Duration.minutes(3));
  return { limit, backoff: { duration, factor, maxDuration } };
}

