/** The JSON rendering of a plan (src/report/plan-json.ts), from manifests through the real Argo CD model. */
import { buildPlan } from '../../src/argo';
import { parseManifests } from '../../src/cli/load';
import { planToJson, renderPlanJson } from '../../src/report/plan-json';
import { k, wave, yaml } from '../fixtures/manifests';

function plan(text: string, options = {}) {
  return buildPlan(parseManifests(text, 'app.yaml'), options);
}

describe('JSON', () => {
  test('fields and their order are fixed; sources are file:line', () => {
    const json = planToJson(plan(yaml(k('v1', 'ConfigMap', 'c'), k('batch/v1', 'Job', 'j', {}, { 'argocd.argoproj.io/hook': 'PostSync' }))));
    expect(json.steps[1]).toEqual({
      phase: 'PostSync',
      wave: 0,
      gate: 'all',
      tasks: [{ apiVersion: 'batch/v1', kind: 'Job', name: 'j', namespace: '', action: 'apply', hook: true, deletePolicies: ['BeforeHookCreation'], hoisted: false, source: 'app.yaml:6' }],
    });
    expect(Object.keys(json.steps[0].tasks[0])).toEqual(['apiVersion', 'kind', 'name', 'namespace', 'action', 'hook', 'deletePolicies', 'hoisted', 'source']);
  });

  test('createdBeforeDryRun: the destination Namespace of a step, created before the dry run on the first sync (Argo CD 3.1+)', () => {
    const text = yaml(k('v1', 'Namespace', 'shop', {}, wave('5')), k('v1', 'ConfigMap', 'c', { metadata: { name: 'c', namespace: 'tools' } }));
    const json = planToJson(plan(text, { namespace: 'shop' }));
    expect(json.createdBeforeDryRun).toEqual({
      task: { apiVersion: 'v1', kind: 'Namespace', name: 'shop', namespace: 'shop', action: 'apply', hook: false, deletePolicies: [], hoisted: false, source: 'app.yaml:1' },
      phase: 'Sync',
      wave: 5,
      emptiesStep: true,
    });
    expect(Object.keys(json)).toEqual(['steps', 'syncFail', 'excluded', 'errors', 'createdBeforeDryRun']);
    expect(planToJson(plan(text, { namespace: 'shop', argocdVersion: '3.0' }))).not.toHaveProperty('createdBeforeDryRun');
  });

  test('rendering is a pure function of the plan', () => {
    const text = yaml(k('v1', 'Service', 'b', {}, wave('1')), k('v1', 'Service', 'a', {}, wave('1')), k('v1', 'Secret', 's'));
    expect(renderPlanJson(plan(text))).toBe(renderPlanJson(plan(text)));
    expect(renderPlanJson(plan(text)).endsWith('}\n')).toBe(true);
  });
});
