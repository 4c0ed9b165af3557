/**
 * Namespaces and CRDs before their first user, visibly, instead of leaving it to Argo CD's hoisting
 * (gitops-engine `sync_tasks.go` `adjustDeps`). Users are found by index (namespace, group/kind),
 * and every infrastructure unit exists before any edge is drawn, so one infrastructure object
 * using another is ordered as infrastructure, never pinned.
 */
import { ApiObject } from 'cdk8s';
import { isClusterScoped, typeKey } from './cluster-scoped';
import { IntentGraph } from './intent-graph';
import { ChartView, ResolvedUnit, UnitTable } from './units';
import { crdDefinition, isNamespace } from '../argo/hoist';
import { groupOf } from '../argo/keys';

interface InfraKey {
  readonly kind: 'Namespace' | 'CustomResourceDefinition';
  /** Namespace name, or `group/kind` the CRD defines. */
  readonly key: string;
  /** A CRD of `scope: Cluster`: its custom resources live in no namespace. */
  readonly clusterScoped?: boolean;
}

/** What a Namespace or CRD provides to other objects (read by `src/argo`); undefined for other kinds. */
function infraKey(o: ApiObject, view: ChartView): InfraKey | undefined {
  // Asked of every object: the kind decides for nearly all, before the group is read.
  if (o.kind !== 'Namespace' && o.kind !== 'CustomResourceDefinition') return undefined;
  const group = groupOf(o.apiVersion);
  if (isNamespace({ group, kind: o.kind })) return { kind: 'Namespace', key: o.name };
  if (o.kind !== 'CustomResourceDefinition') return undefined;
  const def = crdDefinition(group, o.kind, view.fresh(o));
  return def ? { kind: 'CustomResourceDefinition', key: def.key, clusterScoped: def.clusterScoped } : undefined;
}

/** Puts each Namespace and CRD the chart's objects use in a unit ordered before its users. */
export function infraEdges(all: readonly ApiObject[], view: ChartView, units: UnitTable, graph: IntentGraph): void {
  const precedes = orderedBefore(graph);
  const clusterScopedCustom = new Set<string>();
  const infra: Array<{ o: ApiObject; key: InfraKey }> = [];
  for (const o of all) {
    const key = infraKey(o, view);
    if (!key) continue;
    infra.push({ o, key });
    if (key.kind === 'CustomResourceDefinition' && key.clusterScoped) clusterScopedCustom.add(key.key);
  }
  if (infra.length === 0) return;
  const usersOf = new Map<string, ApiObject[]>();
  const index = (k: string, o: ApiObject) => {
    const list = usersOf.get(k);
    if (list) list.push(o);
    else usersOf.set(k, [o]);
  };
  for (const o of all) {
    index(`CustomResourceDefinition\u0000${typeKey(o.apiVersion, o.kind)}`, o);
    const ns = o.metadata.namespace;
    if (ns !== undefined && !isClusterScoped(o.apiVersion, o.kind, clusterScopedCustom)) index(`Namespace\u0000${ns}`, o);
  }
  const placed: Array<{ o: ApiObject; key: InfraKey; users: ApiObject[]; ri: ResolvedUnit }> = [];
  for (const { o, key } of infra) {
    const users = (usersOf.get(`${key.kind}\u0000${key.key}`) ?? []).filter((u) => u !== o);
    if (users.length === 0) continue;
    // A Namespace a PreSync hook lives in is hoisted before that hook, so before everything in
    // it: Argo CD runs it there whatever its wave says, so write none (a Sync wave would be a
    // place it never runs in, rule namespace-after-resource), a tier's member or not.
    let ri = units.unitOf.get(o);
    // So is a tier's Namespace when an object living in it is in a unit the intent orders before
    // that tier: Argo CD creates the Namespace right before it (`adjustDeps`), so the tier's order
    // cannot hold for the Namespace, and drawing the Namespace's edge would refuse the whole intent
    // as a cycle where Argo CD syncs it.
    const hoisted = key.kind === 'Namespace' && (users.some((u) => units.runsInPreSync(u))
      || (ri?.source !== undefined && users.some((u) => precedes(units.unitOf.get(u), ri!))));
    if (ri && hoisted && ri.source && view.handSetWave(o) === undefined) {
      units.hoisted.set(o, new Set(users));
      continue;
    }
    if (!ri) {
      // Placed by hand: kept as written (Argo CD hoists it if it is late), and proven at synth.
      if (view.handSetWave(o) !== undefined) continue;
      if (hoisted) continue;
      ri = {
        unit: { id: o.node.path, label: `${o.kind} ${o.node.path}`, phase: 'Sync', infra: true },
        objects: [o],
        write: true,
      };
      units.add(ri);
    }
    placed.push({ o, key, users, ri });
  }
  for (const { o, key, users, ri } of placed) {
    for (const u of users) {
      const existing = units.unitOf.get(u);
      if (existing === ri) continue; // same tier: Argo CD's kind order applies inside the wave
      // A PreSync user cannot see a Sync-phase Namespace first; Argo CD hoists it there (a
      // Namespace must never become a hook: BeforeHookCreation would delete everything in it).
      const phase = units.phaseOf(u);
      if (phase === 'PreSync' || phase === 'SyncFail') continue;
      const verb = key.kind === 'Namespace' ? 'lives in' : 'is an instance of';
      const why = `${u.node.path} ${verb} ${o.kind} ${o.name}`;
      graph.addUnitEdge(ri, existing ?? units.standalone(u, false), { before: [o], after: [u] }, why);
      graph.edges.push({ before: [o], after: [u], why });
    }
  }
}

/**
 * Whether the intent drawn so far orders unit `a` before unit `b` (a path of unit edges), asked of
 * the few Namespaces that are tier members; the successors are indexed on the first question.
 */
function orderedBefore(graph: IntentGraph): (a: ResolvedUnit | undefined, b: ResolvedUnit) => boolean {
  let next: Map<string, string[]> | undefined;
  return (a, b) => {
    if (a === undefined || a === b) return false;
    if (!next) {
      next = new Map();
      for (const e of graph.unitEdges) {
        const list = next.get(e.before);
        if (list) list.push(e.after);
        else next.set(e.before, [e.after]);
      }
    }
    const seen = new Set([a.unit.id]);
    const todo = [a.unit.id];
    for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
      for (const n of next.get(id) ?? []) {
        if (n === b.unit.id) return true;
        if (seen.has(n)) continue;
        seen.add(n);
        todo.push(n);
      }
    }
    return false;
  };
}
