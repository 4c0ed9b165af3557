/**
 * The diagram model (src/report/diagram.ts): columns, lanes, boxes, waits; drawn by mermaid.ts and svg.ts.
 */
import { simulate } from '../../src/argo/simulate';
import { diagramModel } from '../../src/report/diagram';
import { planOf } from '../argo/simulate/helpers';
import { articlePlan, stalledArticle } from '../fixtures/article-plan';
import { m } from '../fixtures/manifests';

const article = () => articlePlan({ syncFailHook: true });

describe('diagramModel', () => {
  test('phases as columns, waves as lanes, one arrow per wait between steps', () => {
    const model = diagramModel(article());
    expect(model.columns.map(c => c.phase)).toEqual(['PreSync', 'Sync', 'PostSync', 'SyncFail']);
    expect(model.waves).toEqual([0, 1, 2]);
    expect(model.edges).toEqual([
      { from: 's1', to: 's2', label: 'hooks complete + 2 s' },
      { from: 's2', to: 's3', label: 'after apply + 2 s' },
      { from: 's3', to: 's4', label: 'Healthy + 2 s' },
      { from: 's4', to: 's5', label: 'after apply + 2 s' }, // a ClusterIP Service: Healthy once applied
    ]);
    expect(model.columns[0].steps[0].boxes[0]).toMatchObject({ label: 'Job/db-migrate', hook: true, marks: ['hook · HookSucceeded'], state: 'planned' });
    expect(model.title).toBe('Sync plan: 5 steps, 5 tasks, minimum 8 s');
  });

  test('with a simulated outcome: done, the box holding the sync, never applied', () => {
    const { plan, result } = stalledArticle();
    const boxes = diagramModel(plan, { result }).columns.flatMap(c => c.steps.flatMap(s => s.boxes));
    expect(boxes.map(b => [b.label, b.state])).toEqual([
      ['Job/db-migrate', 'done'],
      ['ConfigMap/config', 'done'],
      ['Deployment/web', 'waiting'],
      ['Service/web', 'never'],
      ['Job/smoke', 'never'],
      ['Job/page-oncall', 'never'],
    ]);
  });
});

test('a prune waiting for confirmation is the box that holds the sync, though never applied', () => {
  const plan = planOf([m({ kind: 'ConfigMap', name: 'new' })], { live: [m({ kind: 'ConfigMap', name: 'old', syncOptions: 'Prune=confirm' })] });
  const result = simulate(plan, {});
  const boxes = diagramModel(plan, { result }).columns.flatMap(c => c.steps.flatMap(s => s.boxes));
  expect(boxes.map(b => [b.label, b.prune, b.state, b.result])).toEqual([
    ['ConfigMap/old', true, 'waiting', 'awaiting pruning confirmation'],
    ['ConfigMap/new', false, 'never', undefined],
  ]);
});

// argo-cd resource_customizations/batch/CronJob/health.lua: in v3.2.0, not in v3.1.0.
test('the arrow after a CronJob follows the Argo CD version modelled: Healthy from 3.2, after apply in 3.1', () => {
  const plan = planOf([m({ kind: 'CronJob', name: 'nightly' }), m({ kind: 'ConfigMap', name: 'after', wave: 1 })]);
  expect(plan.steps[0].tasks.map(t => `${t.group}/${t.kind}`)).toEqual(['batch/CronJob']);
  expect(diagramModel(plan, { argocdVersion: '3.2' }).edges[0].label).toBe('Healthy + 2 s');
  expect(diagramModel(plan).edges[0].label).toBe('Healthy + 2 s');
  expect(diagramModel(plan, { argocdVersion: '3.1' }).edges[0].label).toBe('after apply + 2 s');
});

