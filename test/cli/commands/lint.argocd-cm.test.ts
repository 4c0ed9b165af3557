/**
 * `syncplan lint --argocd-cm FILE` end to end (spawns the compiled CLI): the Application health check
 * is read from either argocd-cm form and run in the Lua VM; the patch ArgoApplication writes, applied
 * as a merge patch, makes argocd-cm pass.
 */
import { spawnSync } from 'child_process';
import { writeFileSync } from 'fs';
import { join } from 'path';
import { parse, stringify } from 'yaml';
import { APPLICATION_HEALTH_KEY, APPLICATION_HEALTH_LUA } from '../../../src/argo/application-health';
import { healthPatchText } from '../../../src/constructs/health-patch';
import { tempDirEach } from '../helpers';

jest.setTimeout(30_000);
const BIN = join(__dirname, '..', '..', '..', 'lib', 'cli', 'main.js');
const dir = tempDirEach('syncplan-argocd-cm');

const app = (name: string, wave: string) => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Application',
  metadata: { name, namespace: 'argocd', annotations: { 'argocd.argoproj.io/sync-wave': wave } },
  spec: {
    project: 'default',
    // Children that sync themselves (the parent never syncs a child), from a pinned commit: the parent orders every change.
    source: { repoURL: 'https://git.example.com/p.git', path: name, targetRevision: '0123456789abcdef0123456789abcdef01234567' },
    destination: { server: 'https://kubernetes.default.svc', namespace: name },
    syncPolicy: { automated: {} },
  },
});
const configMap = (data: Record<string, string>) => stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'argocd-cm', namespace: 'argocd' }, data });

function lint(cm?: string) {
  writeFileSync(join(dir(), 'apps.yaml'), [app('database', '0'), app('console', '1')].map(o => stringify(o)).join('---\n'));
  const args = ['lint', 'apps.yaml', '--format', 'json'];
  if (cm !== undefined) {
    writeFileSync(join(dir(), 'argocd-cm.yaml'), cm);
    args.push('--argocd-cm', 'argocd-cm.yaml');
  }
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir(), encoding: 'utf8' });
  const rules = (JSON.parse(r.stdout || '{"findings":[]}').findings as Array<{ rule: string; level: string }>).map(f => `${f.rule}:${f.level}`);
  return { code: r.status, rules, stderr: r.stderr };
}

test('without --argocd-cm: a warning that the check must be installed', () => {
  expect(lint().rules).toEqual(['application-health-unchecked:warning']);
});

test('an argocd-cm without a check, or with the health-only one, is an error', () => {
  const none = lint(configMap({ url: 'https://argocd.example.com' }));
  expect(none.rules).toEqual(['application-health-missing:error']);
  expect(none.code).toBe(1);
  const healthOnly = 'hs = { status = "Progressing" }\nif obj.status ~= nil and obj.status.health ~= nil then hs.status = obj.status.health.status end\nreturn hs';
  expect(lint(configMap({ [APPLICATION_HEALTH_KEY]: healthOnly })).rules).toEqual(['application-health-missing:error']);
  expect(lint(configMap({ 'resource.customizations': stringify({ 'argoproj.io/Application': { 'health.lua': healthOnly } }) })).rules)
    .toEqual(['application-health-missing:error']);
});

test('argocd-cm merged with the patch ArgoApplication writes passes, in either form', () => {
  const patch = parse(healthPatchText('argocd')) as { data: Record<string, string> };
  const merged = configMap({ url: 'https://argocd.example.com', ...patch.data });
  expect(lint(merged)).toMatchObject({ code: 0, rules: [] });
  const block = configMap({ 'resource.customizations': stringify({ 'argoproj.io/Application': { 'health.lua': APPLICATION_HEALTH_LUA } }) });
  expect(lint(block).rules).toEqual([]);
});

test('a file with no ConfigMap is one line, exit 2', () => {
  const r = lint(stringify(app('x', '0')));
  expect(r.code).toBe(2);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toContain('no ConfigMap in the file');
});

test('a custom resource with a health script in argocd-cm (a wildcard key, split-key form) gates its wave: no wave-gate-no-health', () => {
  const cr = { apiVersion: 'mongodbcommunity.mongodb.com/v1', kind: 'MongoDBCommunity', metadata: { name: 'db', annotations: { 'argocd.argoproj.io/sync-wave': '0', 'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true' } }, spec: {} };
  const after = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'after', annotations: { 'argocd.argoproj.io/sync-wave': '1' } } };
  writeFileSync(join(dir(), 'db.yaml'), [cr, after].map(o => stringify(o)).join('---\n'));
  const run = (cm?: Record<string, string>) => {
    const args = ['lint', 'db.yaml', '--format', 'json'];
    if (cm) {
      writeFileSync(join(dir(), 'argocd-cm.yaml'), configMap(cm));
      args.push('--argocd-cm', 'argocd-cm.yaml');
    }
    const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir(), encoding: 'utf8' });
    return (JSON.parse(r.stdout).findings as Array<{ rule: string }>).map(f => f.rule).filter(rule => rule === 'wave-gate-no-health');
  };
  expect(run()).toEqual(['wave-gate-no-health']);
  expect(run({ 'resource.customizations.health.mongodbcommunity.mongodb.com_MongoDBCommunity': 'return { status = "Healthy" }' })).toEqual([]);
  expect(run({ 'resource.customizations.health.*.mongodb.com_*': 'return { status = "Healthy" }' })).toEqual([]);
  expect(run({ 'resource.customizations.health.cert-manager.io_Issuer': 'return { status = "Healthy" }' })).toEqual(['wave-gate-no-health']);
});
