/**
 * The answers `hasHealthCheck` remembers per group and kind, and `runsPods`' lookup by group then
 * kind, against the straightforward paths (`healthCheckOf(...).check !== 'none'`, and the
 * `group/kind` key in the list of kinds that run Pods), on random groups and kinds asked in random
 * order and repeatedly, including the listed ones, Lua wildcard folders and keys that would collide
 * if joined by '/'.
 */
import * as fc from 'fast-check';
import { BUILTIN_LUA_HEALTH, HEALTH_CHECKS, healthCheckOf, hasHealthCheck } from '../../src/argo';
import { runsPods } from '../../src/argo/same-wave';

const RUNS_PODS = ['apps/Deployment', 'apps/StatefulSet', 'apps/DaemonSet', 'apps/ReplicaSet', '/ReplicationController', '/Pod',
  'batch/Job', 'batch/CronJob', 'argoproj.io/Rollout'];

const fromLua = BUILTIN_LUA_HEALTH.map((k) => {
  const slash = k.lastIndexOf('/');
  return slash < 0 ? { group: '', kind: k } : { group: k.slice(0, slash).replace(/_/g, 'x'), kind: k.slice(slash + 1).replace(/_/g, 'Y') };
});
const known = [...HEALTH_CHECKS.map(({ group, kind }) => ({ group, kind })), ...fromLua,
  ...RUNS_PODS.map((k) => ({ group: k.slice(0, k.indexOf('/')), kind: k.slice(k.indexOf('/') + 1) }))];
const part = fc.constantFrom('', 'apps', 'batch', 'argoproj.io', 'Deployment', 'Pod', 'apps/Deployment', 'x/y', 'ConfigMap', 'Job');
const pair = fc.oneof(fc.constantFrom(...known), fc.record({ group: part, kind: part }), fc.record({ group: fc.string(), kind: fc.string() }));

test('hasHealthCheck remembers exactly what healthCheckOf says', () => {
  fc.assert(fc.property(fc.array(pair, { maxLength: 30 }), (pairs) => {
    for (const { group, kind } of [...pairs, ...pairs]) expect(hasHealthCheck(group, kind)).toBe(healthCheckOf(group, kind).check !== 'none');
  }), { numRuns: 300 });
});

test('runsPods says what the group/kind key list says', () => {
  fc.assert(fc.property(fc.array(pair, { maxLength: 30 }), (pairs) => {
    for (const { group, kind } of pairs) expect(runsPods({ group, kind })).toBe(RUNS_PODS.includes(`${group}/${kind}`));
  }), { numRuns: 300 });
});
