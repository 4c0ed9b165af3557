/**
 * The ordering intent as a plain graph: units (a tier, a hook, a lone object) and "before" edges.
 * Pure data, no cdk8s: the constructs layer builds it, this folder turns it into waves.
 */

/** The Argo CD phase a unit is applied in. */
export type UnitPhase = 'PreSync' | 'Sync' | 'PostSync' | 'SyncFail';

/** Phase rank, as gitops-engine's `syncPhaseOrder`. */
export const PHASE_RANK: Readonly<Record<UnitPhase, number>> = {
  PreSync: -1,
  Sync: 0,
  PostSync: 1,
  SyncFail: 2,
};

export interface OrderUnit {
  /** Unique key, usually the construct path. */
  readonly id: string;
  /** What messages call it, e.g. `tier chart/web`. */
  readonly label: string;
  readonly phase: UnitPhase;
  /** A wave the user pinned this unit to. */
  readonly pin?: number;
  /**
   * A Namespace or CRD placed before its users by the library, not by the user: it does not anchor
   * the numbering, so user tiers still start at wave 0 and infrastructure lands before them. A hub
   * that lone objects are joined through (no objects, no wave written) does not anchor it either.
   */
  readonly infra?: boolean;
}

/** `before` must be applied (and be healthy) before `after` starts. */
export interface OrderEdge {
  readonly before: string;
  readonly after: string;
  /**
   * The fewest waves between the two ends: 1 (the default) puts `after` in a later wave; 0 lets both
   * share a wave, for an edge that Argo CD's kind order inside one wave already honours.
   */
  readonly gap?: number;
  /**
   * Why the order exists, when it is not the intent as the user wrote it between the two units (a
   * Namespace before what lives in it): a cycle's message says it, so every arrow can be traced.
   */
  readonly why?: string;
}

/** The gap of an edge, defaulted. */
export function gapOf(e: OrderEdge): number {
  return e.gap ?? 1;
}

/** Thrown for intent that no set of waves can honour; the message is one line and names both ends. */
export class OrderingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OrderingError';
  }
}
