/**
 * The JSON of `plan`, `lint`, `simulate` and `explain` (of an Application, and of an ApplicationSet) against the schemas shipped in schemas/ (strict: an
 * undocumented field fails, so the schema and the output change together). Inputs are chosen so
 * every list of each schema is non-empty in at least one output, or the schema would be checked
 * against nothing.
 */
import { spawnSync } from 'child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import Ajv from 'ajv';
import { App } from 'cdk8s';
import { appOfApps } from '../../examples/platform/app-of-apps';
import { applicationSet } from '../../examples/platform/application-set';

jest.setTimeout(60_000);

const ROOT = join(__dirname, '..', '..');
const MAIN = join(ROOT, 'lib', 'cli', 'main.js');
const EXAMPLE = join(ROOT, 'examples', 'manifests', 'workflow-console.yaml');
const EXPLAIN = join(ROOT, 'test', 'fixtures', 'explain');
/** A parent whose AppProject does not permit its child's Namespace (rule resource-not-permitted). */
const APP_PROJECT = join(ROOT, 'test', 'fixtures', 'app-project');
const NOW = ['--now', '2026-12-01T10:04:10Z'];

/** Every list a schema has: hoisting, a prune, an exclusion, a SyncFail hook, an error, a suppression. */
const TRAPS = `apiVersion: v1
kind: Namespace
metadata: { name: shop, annotations: { argocd.argoproj.io/sync-wave: "3" } }
---
apiVersion: v1
kind: ConfigMap
metadata: { name: cfg, namespace: shop, annotations: { argocd.argoproj.io/sync-wave: "one" } }
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
  annotations:
    syncplan.cdk8s.io/suppress: "last-wave-unchecked: checked by the rollout controller instead"
spec:
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec: { containers: [{ name: web, image: web:1 }] }
---
apiVersion: batch/v1
kind: Job
metadata: { name: skipped, namespace: shop, annotations: { argocd.argoproj.io/hook: Skip } }
spec: { template: { spec: { restartPolicy: Never, containers: [{ name: x, image: x:1 }] } } }
---
apiVersion: batch/v1
kind: Job
metadata: { name: notify, namespace: shop, annotations: { argocd.argoproj.io/hook: SyncFail } }
spec: { activeDeadlineSeconds: 60, template: { spec: { restartPolicy: Never, containers: [{ name: x, image: x:1 }] } } }
---
apiVersion: v1
kind: ConfigMap
metadata: { generateName: report-, namespace: shop }
`;
// Tracked as the app's (Argo CD 3.0+ tracking annotation): only such live objects are pruned.
const LIVE = 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: old, namespace: shop, annotations: { argocd.argoproj.io/tracking-id: "shop:/ConfigMap:shop/old" } }\n';

// The Namespace of TRAPS as the cluster has it (in sync: ApplyOutOfSyncOnly=true applies nothing for it).
const LIVE_IN_SYNC = 'apiVersion: v1\nkind: Namespace\nmetadata: { name: shop, uid: "1", annotations: { argocd.argoproj.io/sync-wave: "3" } }\nstatus: { phase: Active }\n';

/** The destination Namespace in a wave of its own, which Argo CD 3.1+ creates before the dry run on the first sync. */
const NAMESPACE_FIRST = `apiVersion: v1
kind: Namespace
metadata: { name: shop, annotations: { argocd.argoproj.io/sync-wave: "5" } }
---
apiVersion: v1
kind: ConfigMap
metadata: { name: cfg, namespace: tools }
`;

/** A PreDelete hook, a kept Namespace, two waves and a PostDelete hook: every list of the deletion schema. */
const DELETION = `apiVersion: v1
kind: Namespace
metadata: { name: shop, annotations: { argocd.argoproj.io/sync-options: Delete=false } }
---
apiVersion: v1
kind: Pod
metadata: { name: backup, namespace: shop, annotations: { argocd.argoproj.io/hook: PreDelete } }
spec: { restartPolicy: Never, containers: [{ name: b, image: busybox }] }
---
apiVersion: v1
kind: ConfigMap
metadata: { name: cfg, namespace: shop, annotations: { argocd.argoproj.io/sync-wave: "2" } }
---
apiVersion: v1
kind: Pod
metadata: { name: notify, namespace: shop, annotations: { argocd.argoproj.io/hook: PostDelete } }
spec: { restartPolicy: Never, containers: [{ name: n, image: busybox }] }
`;

// A finished rollout with an Application in no step (the controller records it with step -1).
const APPSET_DONE = `apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata: { name: shop-envs, namespace: argocd }
spec:
  strategy:
    type: RollingSync
    rollingSync:
      steps:
        - matchExpressions: [{ key: env, operator: In, values: [dev] }]
status:
  applicationStatus:
    - { application: shop-dev, status: Healthy, step: "1", message: "Application resource became Healthy, updating status from Progressing to Healthy." }
    - { application: shop-qa, status: Waiting, step: "-1", message: "Application has pending changes, setting status to Waiting." }
`;

const NAMES = ['plan', 'lint', 'simulate', 'simulate-delete', 'explain', 'explain-appset'] as const;
// Each schema by its $id, so plan's reference to lint's finding resolves as it does for users.
const ajv = new Ajv({ strict: true, allErrors: true, schemas: NAMES.map((n) => JSON.parse(readFileSync(join(ROOT, 'schemas', `${n}.schema.json`), 'utf8'))) });
const BASE = 'https://github.com/cdk8s-syncplan/cdk8s-syncplan/blob/main/schemas/';
const validators = Object.fromEntries(NAMES.map((n) => [n, ajv.getSchema(`${BASE}${n}.schema.json`)!])) as Record<typeof NAMES[number], ReturnType<Ajv['compile']>>;

const PARENT_DIR = 'dist/platform/app-of-apps';
// A child Argo CD renders (a Helm chart): named with its render command, not planned (steps null).
const HELM_PARENT = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: { name: ingress, namespace: argocd }
spec:
  project: default
  source: { repoURL: https://kubernetes.github.io/ingress-nginx, chart: ingress-nginx, targetRevision: 4.11.0 }
  destination: { server: https://kubernetes.default.svc, namespace: ingress }
`;
const PARENT = [`${PARENT_DIR}/platform.k8s.yaml`, '--repo-root', '.'];
const APPSET_DIR = 'dist/platform/application-set';
const APPSET_PARENT = [`${APPSET_DIR}/platform.k8s.yaml`, '--repo-root', '.'];

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'syncplan-schemas-'));
  writeFileSync(join(dir, 'traps.yaml'), TRAPS);
  writeFileSync(join(dir, 'live.yaml'), LIVE);
  writeFileSync(join(dir, 'live-in-sync.yaml'), LIVE_IN_SYNC);
  writeFileSync(join(dir, 'deletion.yaml'), DELETION);
  writeFileSync(join(dir, 'namespace-first.yaml'), NAMESPACE_FIRST);
  writeFileSync(join(dir, 'appset-done.yaml'), APPSET_DONE);
  // An app-of-apps parent and its children's checkout (--repo-root), and a cdk8s dist of two chart files.
  appOfApps(new App({ outdir: join(dir, PARENT_DIR) }), PARENT_DIR).app.synth();
  const set = new App({ outdir: join(dir, APPSET_DIR) });
  applicationSet(set, APPSET_DIR);
  set.synth();
  mkdirSync(join(dir, 'charts'));
  writeFileSync(join(dir, 'charts', '0000-web.k8s.yaml'), readFileSync(EXAMPLE, 'utf8'));
  writeFileSync(join(dir, 'helm-parent.yaml'), HELM_PARENT);
  writeFileSync(join(dir, 'charts', 'db.k8s.yaml'), 'apiVersion: v1\nkind: Service\nmetadata: { name: db }\nspec: { ports: [{ port: 5432 }] }\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function json(args: string[]): any {
  const r = spawnSync(process.execPath, [MAIN, ...args, '--format', 'json'], { cwd: dir, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout);
}

type Command = keyof typeof validators;
const RUNS: Array<[Command, string[]]> = [
  ['plan', [EXAMPLE]],
  ['plan', ['traps.yaml', '--live', 'live.yaml']],
  ['plan', ['traps.yaml', '--live', 'live.yaml', '--live', 'live-in-sync.yaml', '--sync-option', 'ApplyOutOfSyncOnly=true']],
  ['plan', ['namespace-first.yaml', '--namespace', 'shop']],
  ['plan', [EXAMPLE, '--namespace', 'workflow', '--sync-option', 'CreateNamespace=true']],
  ['plan', PARENT],
  ['plan', APPSET_PARENT],
  ['plan', ['charts']],
  ['plan', ['helm-parent.yaml', '--repo-root', '.']],
  ['plan', [join(APP_PROJECT, 'dist', 'platform.k8s.yaml'), '--repo-root', APP_PROJECT]],
  ['lint', [EXAMPLE]],
  ['lint', ['traps.yaml']],
  ['simulate', [EXAMPLE]],
  ['simulate', [EXAMPLE, '--health', 'Deployment/workflow-console=Degraded']],
  ['simulate', [EXAMPLE, '--health', 'Deployment/workflow-console=Progressing']],
  ['simulate', ['traps.yaml', '--live', 'live.yaml']],
  ['simulate', ['traps.yaml', '--live', 'live.yaml', '--live', 'live-in-sync.yaml', '--sync-option', 'ApplyOutOfSyncOnly=true']],
  ['simulate', [EXAMPLE, '--apply-error', 'Deployment/workflow-console=denied', '--retry-limit', '2', '--retry-backoff-duration', '10s']],
  ['simulate', PARENT],
  // The database's Application stays Progressing: the console's is never started (operationPhase null).
  ['simulate', [...PARENT, '--health', 'Application/database=Progressing']],
  ['simulate', ['charts']],
  ['simulate', ['helm-parent.yaml', '--repo-root', '.']],
  ['simulate-delete', ['deletion.yaml']],
  ['simulate-delete', ['deletion.yaml', '--health', 'Pod/backup=Degraded']],
  ['simulate-delete', ['deletion.yaml', '--argocd-version', '3.2']],
  ['explain', [join(EXPLAIN, 'running-sync-wave.yaml'), join(EXPLAIN, 'manifests'), '--live', join(EXPLAIN, 'running-sync-wave-live.yaml'), ...NOW]],
  ['explain', [join(EXPLAIN, 'failed-syncfail.yaml'), ...NOW]],
  ['explain', [join(EXPLAIN, 'succeeded.yaml'), ...NOW]],
  ['explain', [join(EXPLAIN, 'prune-waiting.yaml'), ...NOW]],
  ['explain', [join(EXPLAIN, 'presync-pending-deletion.yaml'), ...NOW]],
  ['explain', [join(EXPLAIN, 'deleting-post-delete.yaml'), ...NOW]],
  ['explain', [join(EXPLAIN, 'deleting-cascade.yaml'), '--live', join(EXPLAIN, 'deleting-cascade-live.yaml'), ...NOW]],
  ['explain', [join(EXPLAIN, 'hook-no-service-account.yaml'), '--live', join(EXPLAIN, 'hook-no-service-account-live.yaml'), ...NOW]],
  // The AppProject's sync windows: a deny window holding the operation, and allow windows keeping auto-sync off.
  ['explain', [join(EXPLAIN, 'sync-window-blocked.json'), '--project', join(EXPLAIN, 'sync-window-project.json'), '--now', '2026-12-01T23:15:00Z']],
  ['explain', [join(EXPLAIN, 'sync-window-idle.yaml'), '--project', join(EXPLAIN, 'sync-window-project.json'), '--now', '2026-12-05T10:00:00Z']],
  ['explain-appset', [join(EXPLAIN, 'appset-rolling.yaml'), ...NOW]],
  ['explain-appset', ['appset-done.yaml', ...NOW]],
];

const outputs = new Map<string, any>();
test.each(RUNS)('syncplan %s %j matches its schema', (command, args) => {
  // One CLI command, two shapes: explain of an ApplicationSet has its own schema.
  // Two schemas are of one command: `explain` of an ApplicationSet, `simulate --delete`.
  const out = json([...(command === 'explain-appset' ? ['explain'] : command === 'simulate-delete' ? ['simulate', '--delete'] : [command]), ...args]);
  const valid = validators[command](out);
  expect(valid ? [] : validators[command].errors).toEqual([]);
  outputs.set(`${command} ${args.join(' ')}`, out);
});

test('the inputs fill every list of every schema at least once', () => {
  const all = (command: Command) => [...outputs.entries()].filter(([k]) => k.startsWith(command + ' ')).map(([, v]) => v);
  const filled = (command: Command, key: string) => all(command).some((o) => (o[key] ?? o.applications?.[0]?.[key] ?? []).length > 0);
  for (const key of ['steps', 'syncFail', 'excluded', 'errors']) expect([key, filled('plan', key)]).toEqual([key, true]);
  for (const key of ['findings', 'suppressed']) expect([key, filled('lint', key)]).toEqual([key, true]);
  for (const key of ['applied', 'neverApplied', 'waitingOn', 'hooksLeftInCluster', 'results']) expect([key, filled('simulate', key)]).toEqual([key, true]);
  for (const key of ['inSync', 'attempts']) expect([key, all('simulate').some((o) => (o[key] ?? []).length > 0)]).toEqual([key, true]);
  expect(['plan inSync', all('plan').some((o) => (o.inSync ?? []).length > 0)]).toEqual(['plan inSync', true]);
  for (const key of ['events', 'waitingOn', 'leftInCluster', 'finalizersLeft', 'notes']) expect([key, filled('simulate-delete', key)]).toEqual([key, true]);
  expect(new Set(all('simulate-delete').map((o) => o.outcome))).toEqual(new Set(['Deleted', 'Blocked']));
  for (const key of ['blockers', 'done', 'next', 'hooksLeftInCluster']) expect([key, filled('explain', key)]).toEqual([key, true]);
  expect(all('explain').some((o) => o.syncFail !== null && o.syncFail.hooks.length > 0)).toBe(true);
  expect(all('explain').some((o) => o.inFlight !== null)).toBe(true);
  expect(all('explain').some((o) => o.syncWindows !== null && o.syncWindows.windows.length > 0 && o.syncWindows.nextChange !== null)).toBe(true);
  expect(all('plan').some((o) => (o.steps ?? []).some((s: any) => s.tasks.some((t: any) => t.action === 'prune')))).toBe(true);
  expect(all('plan').some((o) => (o.steps ?? []).some((s: any) => s.tasks.some((t: any) => t.hoisted)))).toBe(true);
  expect(new Set(all('simulate').filter((o) => !o.note || o.operationPhase).map((o) => o.operationPhase))).toEqual(new Set(['Succeeded', 'Failed', 'Running']));
  // Both shapes of several Applications, each with its note where it has one.
  const apps = (command: Command, arg: string) => outputs.get(`${command} ${arg}`)?.applications ?? [];
  expect(apps('plan', PARENT.join(' ')).map((a: any) => [a.name, a.steps.length > 0])).toEqual([['database', true], ['workflow-console', true]]);
  expect(apps('plan', 'charts').map((a: any) => a.name)).toEqual(['web', 'db']);
  expect(apps('plan', `${join(APP_PROJECT, 'dist', 'platform.k8s.yaml')} --repo-root ${APP_PROJECT}`).map((a: any) => [a.name, a.findings.map((f: any) => `${f.rule} ${f.kind}/${f.name}`)]))
    .toEqual([['docs', []], ['web', ['resource-not-permitted Namespace/web']]]);
  expect(apps('simulate', 'charts').map((a: any) => a.operationPhase)).toEqual(['Succeeded', 'Succeeded']);
  expect(apps('simulate', [...PARENT, '--health', 'Application/database=Progressing'].join(' ')).map((a: any) => a.operationPhase)).toEqual(['Succeeded', null]);
  expect(apps('plan', 'helm-parent.yaml --repo-root .').map((a: any) => [a.steps, a.source.render])).toEqual([[null, expect.stringMatching(/^helm template ingress /)]]);
  // Not automated: the parent applies it but never syncs it (the shape with a note).
  expect(apps('simulate', 'helm-parent.yaml --repo-root .').map((a: any) => [a.started, a.automated, a.operationPhase, typeof a.note])).toEqual([[true, false, null, 'string']]);
  expect(outputs.get(`plan ${APPSET_PARENT.join(' ')}`).applicationSets.map((a: any) => a.steps.map((s: any) => [s.step, s.maxUpdate, s.applications])))
    .toEqual([[[1, 1, ['database']], [2, 1, ['workflow-console']]]]);
  for (const k of ['plan charts', 'simulate charts', `simulate ${PARENT.join(' ')}`]) expect(typeof outputs.get(k).note).toBe('string');
  for (const key of ['steps', 'pending', 'unmatched']) expect([key, filled('explain-appset', key)]).toEqual([key, true]);
  expect(all('explain-appset').some((o) => Object.keys(o.applications).length > 0)).toBe(true);
  expect(new Set(all('explain-appset').map((o) => o.rollingStep))).toEqual(new Set([2, null]));
});

test('a field the schema does not document fails validation (the schemas are strict)', () => {
  const out = json(['plan', EXAMPLE]);
  out.steps[0].tasks[0].extra = 1;
  expect(validators.plan(out)).toBe(false);
  // And in the shapes of several Applications: a child's, a chart file's.
  const parent = json(['plan', ...PARENT]);
  expect(validators.plan(parent)).toBe(true);
  parent.applications[0].extra = 1;
  expect(validators.plan(parent)).toBe(false);
  const dist = json(['simulate', 'charts']);
  expect(validators.simulate(dist)).toBe(true);
  dist.applications[1].results[0].extra = 1;
  expect(validators.simulate(dist)).toBe(false);
});
