/**
 * The health of each of an Application's resources, from the best source given: the Application's
 * own `status.resources[].health` (persisted before Argo CD 3.0, or with
 * `controller.resource.health.persist`), Argo CD's resource tree (`nodes[].health`), or the live
 * object with Argo CD's checks. No source: said so, never Healthy.
 */
import type { ApplicationView, ResourceRef } from './application';
import { refKey } from './application';
import { liveHealth } from '../live-health';
import type { HealthOverride, LiveObject } from '../live-health';
import { at, groupVersion, list, record, str } from '../live-health/types';

/** `message`: only the operation message says it ("waiting for deletion of" means the object is still there, terminating). */
export type ObservedSource = 'application' | 'tree' | 'live' | 'argocd-cm' | 'builtin-lua' | 'message' | 'none' | 'unknown';

export interface ObservedHealth {
  /** Absent when no source knows it. */
  readonly status?: string;
  readonly message: string;
  readonly source: ObservedSource;
  readonly lastTransitionTime?: string;
}

export interface TreeNode extends ResourceRef {
  readonly health?: { readonly status: string; readonly message: string };
}

/** `nodes[]` of Argo CD's resource tree (`argocd app resources`, the API's `resource-tree`). */
export function readResourceTree(obj: unknown): TreeNode[] {
  const nodes = record(obj).nodes;
  if (!Array.isArray(nodes)) throw new Error('expected Argo CD\'s resource tree: an object with nodes[]');
  return list(nodes).map((n) => {
    const h = record(n.health);
    return {
      group: str(n.group),
      kind: str(n.kind),
      namespace: str(n.namespace),
      name: str(n.name),
      ...(str(h.status) !== '' ? { health: { status: str(h.status), message: str(h.message) } } : {}),
    };
  });
}

/** Live objects keyed like Argo CD keys resources (cluster-scoped ones with an empty namespace). */
export function indexLive(objects: readonly LiveObject[]): Map<string, LiveObject> {
  const byKey = new Map<string, LiveObject>();
  for (const o of objects) {
    byKey.set(refKey({ group: groupVersion(o).group, kind: str(o.kind), namespace: str(at(o, 'metadata', 'namespace')), name: str(at(o, 'metadata', 'name')) }), o);
  }
  return byKey;
}

export interface HealthSources {
  readonly app: ApplicationView;
  readonly tree?: readonly TreeNode[];
  readonly live?: readonly LiveObject[];
  readonly override?: HealthOverride;
  /** The Argo CD version whose checks judge the live objects (`versions.ts`). @default the latest */
  readonly argocdVersion?: string;
}

/**
 * When the live object last changed state: the latest `lastTransitionTime` of its conditions
 * (Deployment Progressing/Available, Pod Ready, Job Failed...), if any.
 */
export function lastConditionChange(obj: LiveObject | undefined): string | undefined {
  const times = list(at(obj, 'status', 'conditions')).map(c => str(c.lastTransitionTime)).filter(t => !Number.isNaN(Date.parse(t)));
  return times.length > 0 ? times.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a)) : undefined;
}

/** A resolver: health by resource, and the live object when given. */
export class ObservedHealthIndex {
  private readonly fromApp = new Map<string, ObservedHealth>();
  private readonly fromTree = new Map<string, ObservedHealth>();
  private readonly liveByKey: Map<string, LiveObject>;
  readonly liveObjects: readonly LiveObject[];
  readonly hasTree: boolean;
  readonly hasLive: boolean;
  /** The Argo CD version whose checks judge the live objects; undefined: the latest. */
  readonly argocdVersion?: string;

  constructor(private readonly sources: HealthSources) {
    for (const r of sources.app.resources) {
      if (r.health) this.fromApp.set(refKey(r), { status: r.health.status, message: r.health.message, source: 'application', ...(r.health.lastTransitionTime ? { lastTransitionTime: r.health.lastTransitionTime } : {}) });
    }
    for (const n of sources.tree ?? []) {
      if (n.health) this.fromTree.set(refKey(n), { status: n.health.status, message: n.health.message, source: 'tree' });
    }
    this.liveObjects = sources.live ?? [];
    this.liveByKey = indexLive(this.liveObjects);
    this.hasTree = sources.tree !== undefined;
    this.hasLive = sources.live !== undefined;
    this.argocdVersion = sources.argocdVersion;
  }

  live(ref: ResourceRef): LiveObject | undefined {
    return this.liveByKey.get(refKey(ref)) ?? (ref.namespace !== '' ? this.liveByKey.get(refKey({ ...ref, namespace: '' })) : undefined);
  }

  /** The first source that knows the resource's health; live objects absent from a given list are Missing. */
  of(ref: ResourceRef): ObservedHealth {
    const key = refKey(ref);
    const known = this.fromApp.get(key) ?? this.fromTree.get(key);
    if (known) return known;
    if (this.hasLive) {
      const obj = this.live(ref);
      if (!obj) return { status: 'Missing', message: 'not among the live objects given', source: 'live' };
      const h = liveHealth(obj, this.sources.override, this.sources.argocdVersion);
      if (!h.health) return { message: '', source: h.source === 'builtin-lua' ? 'builtin-lua' : 'none' };
      return { status: h.health.status, message: h.health.message, source: h.source === 'argocd-cm' ? 'argocd-cm' : 'live' };
    }
    return { message: '', source: 'unknown' };
  }
}
