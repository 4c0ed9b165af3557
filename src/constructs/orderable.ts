import { IConstruct } from 'constructs';

/**
 * Something other units can be ordered after: a `Tier` or a hook (`MigrationHook`, `SmokeTest`,
 * `SyncFailHook`, or any `HookJob`).
 */
export interface IOrderable extends IConstruct {
  /**
   * The Argo CD phase this unit is applied in: `PreSync`, `Sync`, `PostSync` or `SyncFail`.
   */
  readonly syncPhase: string;
}
