import { ApiObject, App, Chart, JsonPatch, Testing } from 'cdk8s';
import { configMap, synthOutcome } from './helpers';
import { ArgoApplication } from '../../src';
import { HUB_POLICY } from '../../src/constructs/hubs';
import { SyncPlanner } from '../../src/constructs/planner';

const WAVE = 'argocd.argoproj.io/sync-wave';
const DEPENDS_ON = 'syncplan.cdk8s.io/depends-on';

/** Two charts of one Application, `web` after `db` (its Deployment depends on db's StatefulSet), `n` lone ConfigMaps in each. */
function joined(n: number, app: App = Testing.app()) {
  const db = new Chart(app, 'db', { namespace: 'shop', disableResourceNameHashes: true });
  const web = new Chart(app, 'web', { namespace: 'shop', disableResourceNameHashes: true });
  for (let i = 0; i < n; i++) {
    configMap(db, `db-${String(i).padStart(3, '0')}`);
    configMap(web, `web-${String(i).padStart(3, '0')}`);
  }
  const pg = new ApiObject(db, 'pg', { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'pg' } });
  const api = new ApiObject(web, 'api', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api' } });
  api.node.addDependency(pg);
  new ArgoApplication(new Chart(app, 'platform'), 'shop', { charts: [db, web], repoURL: 'https://git.example.com/shop.git', path: 'dist' });
  return { db, web, pg, api };
}

/** Runs `f` with `minPairs` as the hub threshold. */
function withMinPairs<T>(minPairs: number, f: () => T): T {
  const saved = HUB_POLICY.minPairs;
  HUB_POLICY.minPairs = minPairs;
  try {
    return f();
  } finally {
    HUB_POLICY.minPairs = saved;
  }
}

test('a chart after a chart of many lone objects: unit edges linear in the objects, the waves and depends-on of every pair', () => {
  const n = 40;
  const { db, web } = joined(n);
  const result = SyncPlanner.of(db).result();
  // Pair by pair: (n + 1)² edges for the whole-chart order. Through hubs: one per object and a few between hubs.
  expect(result.unitEdges.length).toBeLessThan(3 * (n + 1));
  expect(result.pairwise).toBeDefined();
  const written = [...Testing.synth(db), ...Testing.synth(web)];
  for (const o of written) {
    const a = o.metadata.annotations;
    if (o.metadata.name.startsWith('db-') || o.metadata.name === 'pg') {
      expect([o.metadata.name, a?.[WAVE], a?.[DEPENDS_ON]]).toEqual([o.metadata.name, '0', undefined]);
    } else {
      // A ConfigMap waits for the first ConfigMap of db (same kind: no order inside one wave); the Deployment for pg's health.
      expect([o.metadata.name, a?.[WAVE], a?.[DEPENDS_ON]]).toEqual([o.metadata.name, '1', o.kind === 'ConfigMap' ? '/ConfigMap/shop/db-000' : 'apps/StatefulSet/shop/pg']);
    }
  }
});

test('below the threshold, pair by pair: a small chart keeps the unit edges it states', () => {
  const { db } = joined(3);
  const result = SyncPlanner.of(db).result();
  expect(result.pairwise).toBeUndefined();
  expect(result.unitEdges.length).toBe(4 * 4);
});

test('a cycle through a whole-chart order is worded pair by pair, naming objects, never a hub', () => {
  const message = (minPairs: number) => withMinPairs(minPairs, () => {
    const { pg, web } = joined(20);
    // db's StatefulSet after a ConfigMap of web, which comes after all of db: a cycle.
    pg.node.addDependency(web.node.findChild('web-007'));
    try {
      SyncPlanner.of(pg).result();
      return '';
    } catch (e) {
      return (e as Error).message;
    }
  });
  const viaHubs = message(0);
  // The two charts each after the other: the cycle between their objects.
  expect(viaHubs).toMatch(/^dependency cycle: ConfigMap db\/db-000 → ConfigMap web\/web-000 → ConfigMap db\/db-000 /);
  expect(viaHubs).not.toMatch(/hub/);
  expect(viaHubs).toBe(message(Number.POSITIVE_INFINITY));
});

test('a broken proof is reported pair by pair, as without hubs', () => {
  const errors = (minPairs: number) => withMinPairs(minPairs, () => {
    const app = Testing.app();
    const { web } = joined(10, app);
    // A patch moves one ConfigMap of web into wave 0, beside what it must wait for.
    (web.node.findChild('web-004') as ApiObject).addJsonPatch(JsonPatch.add(`/metadata/annotations/${WAVE.replace('/', '~1')}`, '0'));
    return synthOutcome(() => app.synth()).error;
  });
  const viaHubs = errors(0);
  expect(viaHubs).toMatch(/sync order broken .*web\/web-004 \(ConfigMap web-004, Sync wave 0\) must start after db\/db-000/);
  expect(viaHubs).toBe(errors(Number.POSITIVE_INFINITY));
});
