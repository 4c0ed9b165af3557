/**
 * The simulated cluster: which objects exist, which are stuck terminating, what each reports.
 * Static outcomes make the loop deterministic: a call that changes nothing means Argo CD would
 * wait forever.
 */
import { resourceKeyOf } from '../keys';
import { isClusterScopedKind } from '../scope';
import { syncOptionValue, syncOptionsOf } from '../sync-options';
import type { Manifest, SyncTask } from '../types';
import { servedBeforeSync } from './api-discovery';
import { shortRef } from './messages';
import type { HealthStatus, SimulateOptions } from './types';

export class Cluster {
  /** Bumped on every change, so the loop can tell a call that changed nothing. */
  version = 0;
  private readonly objects = new Set<string>();
  private readonly terminating = new Set<string>();
  private readonly servedKinds: Set<string>;
  private readonly healthCache = new Map<SyncTask, HealthStatus>();
  /** What each object holds: the `--live` object as given, or the manifest the sync last wrote. */
  private readonly content = new Map<string, Manifest>();

  constructor(private readonly options: SimulateOptions) {
    for (const m of options.live ?? []) {
      const key = objectKey(resourceKeyOf(m.object));
      this.objects.add(key);
      this.content.set(key, m);
    }
    this.servedKinds = new Set(options.installedCrds ?? []);
  }

  /**
   * The object is in the cluster. A live copy without a namespace matches a target of any
   * namespace, as gitops-engine's `liveObj` matches (`k.Namespace == "" || k.Namespace == ns`):
   * cluster-scoped custom kinds have none live while the engine stamps the destination on targets.
   */
  has(task: SyncTask): boolean {
    return this.objects.has(this.keyOf(task));
  }

  /** The object as the cluster holds it now (as `--live` gave it, or as this operation wrote it), if it is there. */
  current(task: SyncTask): Manifest | undefined {
    const key = this.keyOf(task);
    return this.objects.has(key) ? this.content.get(key) : undefined;
  }

  isTerminating(task: SyncTask): boolean {
    return this.terminating.has(this.keyOf(task));
  }

  /** The key the object is stored under: its own, else its namespace-less live copy's. */
  private keyOf(task: SyncTask): string {
    const key = objectKey(task);
    if (task.namespace === '' || this.objects.has(key)) return key;
    const bare = clusterKey(task);
    return this.objects.has(bare) ? bare : key;
  }

  /** The object as the engine's cache shows it: absent when Missing, never created, or deleted. */
  liveObject(task: SyncTask): boolean {
    return this.has(task) && this.healthOf(task) !== 'Missing';
  }

  /** Deleted, or never there: the API server has no such object (a `Missing` health says so). */
  isGone(task: SyncTask): boolean {
    return !this.has(task) || this.healthOf(task) === 'Missing';
  }

  create(task: SyncTask, definesKind: string | undefined): void {
    this.version++;
    const key = this.keyOf(task);
    this.objects.add(key);
    this.content.set(key, task.manifest);
    if (definesKind !== undefined) this.servedKinds.add(definesKind);
  }

  /** Deletes an object; a prune target reported Progressing keeps its deletionTimestamp forever. */
  delete(task: SyncTask): void {
    this.version++;
    const key = this.keyOf(task);
    if (task.action === 'prune' && this.healthOf(task) === 'Progressing') {
      this.terminating.add(key);
    } else {
      this.objects.delete(key);
      this.content.delete(key);
      this.terminating.delete(key);
    }
  }

  /** True when the API server serves the task's kind right now. */
  serves(task: SyncTask): boolean {
    return servedBeforeSync(task, this.servedKinds, this.options.kubeVersion);
  }

  healthOf(task: SyncTask): HealthStatus {
    let health = this.healthCache.get(task);
    if (health === undefined) {
      health = lookup(this.options.health, task) ?? 'Healthy';
      this.healthCache.set(task, health);
    }
    return health;
  }

  applyErrorOf(task: SyncTask): string | undefined {
    return lookup(this.options.applyErrors, task);
  }

  /** `Prune=false|confirm` from the live object, else the Application's default. */
  pruneOption(task: SyncTask): string | undefined {
    return syncOptionValue(syncOptionsOf(task.manifest.object), 'Prune')
      ?? syncOptionValue(this.options.syncOptions ?? [], 'Prune');
  }
}

type Identity = Pick<SyncTask, 'group' | 'kind' | 'namespace' | 'name'>;

/**
 * group/kind/namespace/name, so same-named objects of two namespaces are two objects; a built-in
 * cluster-scoped kind's namespace is dropped (the engine stamps the destination on every target).
 */
function objectKey(key: Identity): string {
  const hit = keyCache.get(key);
  if (hit !== undefined) return hit;
  const namespace = isClusterScopedKind(key.group, key.kind) ? '' : key.namespace;
  const made = `${key.group}/${key.kind}/${namespace}/${key.name}`;
  keyCache.set(key, made);
  return made;
}

/** The key of the same object without a namespace. */
function clusterKey(key: Identity): string {
  return `${key.group}/${key.kind}//${key.name}`;
}

const keyCache = new WeakMap<object, string>();

const handleCache = new WeakMap<SyncTask, string[]>();

/** `Kind/name`, or `Kind/<generateName>` for a hook named at sync time. */
export function handlesOf(task: SyncTask): string[] {
  const hit = handleCache.get(task);
  if (hit) return hit;
  const handles = handlesOfObject(task.kind, task.name, task.manifest.object);
  handleCache.set(task, handles);
  return handles;
}

/** `Kind/name`, and `Kind/<generateName>` for an object named at creation. */
export function handlesOfObject(kind: string, name: string, object: Record<string, unknown>): string[] {
  const handles = [shortRef({ kind, name })];
  const metadata = object.metadata as Record<string, unknown> | undefined;
  const generateName = metadata?.generateName;
  if (typeof generateName === 'string' && generateName !== '' && !metadata?.name) {
    handles.push(`${kind}/${generateName}`);
  }
  return handles;
}

function lookup<T>(map: ReadonlyMap<string, T> | undefined, task: SyncTask): T | undefined {
  return lookupByHandles(map, handlesOf(task));
}

/** The first entry of `map` under one of the handles. */
export function lookupByHandles<T>(map: ReadonlyMap<string, T> | undefined, handles: readonly string[]): T | undefined {
  if (!map) return undefined;
  for (const handle of handles) {
    const hit = map.get(handle);
    if (hit !== undefined) return hit;
  }
  return undefined;
}
