/**
 * The article's app as a plan, shared by the report tests: a PreSync migration, config, the web
 * Deployment and Service in waves 0 to 2, a PostSync smoke test, and optionally a SyncFail hook.
 */
import type { SyncPlan } from '../../src/argo';
import { obj, planOf } from '../simulate/helpers';

export interface ArticleOptions {
  /** Add a SyncFail hook (`Job/page-oncall`), last. @default false */
  readonly syncFailHook?: boolean;
}

export function articlePlan(options: ArticleOptions = {}): SyncPlan {
  return planOf([
    obj({ kind: 'Job', name: 'db-migrate', hook: 'PreSync', deletePolicy: 'HookSucceeded' }),
    obj({ kind: 'ConfigMap', name: 'config', wave: 0 }),
    obj({ kind: 'Deployment', name: 'web', wave: 1 }),
    obj({ kind: 'Service', name: 'web', wave: 2 }),
    obj({ kind: 'Job', name: 'smoke', hook: 'PostSync' }),
    ...(options.syncFailHook ? [obj({ kind: 'Job', name: 'page-oncall', hook: 'SyncFail' })] : []),
  ]);
}
