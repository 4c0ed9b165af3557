import * as fc from 'fast-check';
import { simulate } from '../../src/argo/simulate';
import { estimateTime, formatSeconds, timeJson, timeTextSection } from '../../src/report/timing';
import { planOf } from '../argo/simulate/helpers';
import { articlePlan } from '../fixtures/article-plan';
import { m } from '../fixtures/manifests';

const article = () => articlePlan();

describe('estimateTime', () => {
  test('the article: 4 delays × 2 s, each step with what its gate waits on', () => {
    const t = estimateTime(article());
    expect(t.minimumSeconds).toBe(8);
    expect(t.criticalPath.map(s => [s.phase, s.wave, s.delaySeconds, s.waitsOn])).toEqual([
      ['PreSync', 0, 2, ['Job/db-migrate']],
      ['Sync', 0, 2, []],
      ['Sync', 1, 2, ['Deployment/web']],
      ['Sync', 2, 2, []], // a ClusterIP Service is Healthy once applied
      ['PostSync', 0, 0, ['Job/smoke']],
    ]);
  });

  test('TestSync_SyncWaveHook: no delay after the final step; --wave-delay scales the rest', () => {
    const t = estimateTime(article(), { waveDelaySeconds: 10 });
    expect(t.minimumSeconds).toBe(40);
    expect(t.criticalPath[t.criticalPath.length - 1].delaySeconds).toBe(0);
  });

  test('a single-step sync costs no delay and its gate waits on nothing (no hooks)', () => {
    const t = estimateTime(planOf([m({ kind: 'Deployment', name: 'a' }), m({ kind: 'Service', name: 'a' })]));
    expect(t.minimumSeconds).toBe(0);
    expect(t.criticalPath[0].waitsOn).toEqual([]);
    expect(timeTextSection(t)[0]).toBe('Minimum time: 0 s (a single step: no wave delay)');
  });

  test('matches the wave delays the simulator sleeps when everything is Healthy', () => {
    const kinds = ['Deployment', 'ConfigMap', 'Job', 'Service'];
    const hooks = [undefined, undefined, 'PreSync', 'PostSync', 'Sync'];
    fc.assert(fc.property(
      fc.array(fc.record({
        kind: fc.constantFrom(...kinds),
        wave: fc.integer({ min: -2, max: 4 }),
        hook: fc.constantFrom(...hooks),
      }), { maxLength: 10 }),
      fc.integer({ min: 0, max: 30 }),
      (specs, delay) => {
        const plan = planOf(specs.map((s, i) => m({ kind: s.kind, name: `r${i}`, wave: s.wave, hook: s.hook })));
        const t = estimateTime(plan, { waveDelaySeconds: delay });
        expect(t.minimumSeconds).toBe(simulate(plan, { waveDelaySeconds: delay }).minimumSeconds);
        expect(t.delays).toBe(Math.max(0, plan.steps.length - 1));
      },
    ));
  });

  test('with createdBeforeDryRun: the delays the simulator sleeps on a first sync (the destination Namespace created before the dry run, Argo CD 3.1+)', () => {
    fc.assert(fc.property(
      fc.array(fc.record({
        kind: fc.constantFrom('Deployment', 'ConfigMap', 'Job'),
        wave: fc.integer({ min: -2, max: 4 }),
        hook: fc.constantFrom(undefined, undefined, 'PreSync', 'PostSync'),
        namespace: fc.constantFrom(undefined, 'tools'),
      }), { maxLength: 6 }),
      fc.integer({ min: -2, max: 5 }),
      fc.constantFrom(undefined, undefined, 'PreSync', 'PostSync'),
      (specs, namespaceWave, namespaceHook) => {
        const plan = planOf([
          m({ kind: 'Namespace', name: 'app', wave: namespaceWave, hook: namespaceHook }),
          ...specs.map((s, i) => m({ kind: s.kind, name: `r${i}`, wave: s.wave, hook: s.hook, namespace: s.namespace })),
        ]);
        expect(plan.createdBeforeDryRun).toBeDefined();
        const t = estimateTime(plan, { waveDelaySeconds: 2, createdBeforeDryRun: plan.createdBeforeDryRun });
        expect(t.minimumSeconds).toBe(simulate(plan, { waveDelaySeconds: 2 }).minimumSeconds);
      },
    ));
  });

  test('a step of the created Namespace alone is no step of the first sync, and the text says why', () => {
    const plan = planOf([m({ kind: 'Namespace', name: 'app', wave: 5 }), m({ kind: 'Deployment', name: 'web', namespace: 'tools' })]);
    expect(estimateTime(plan).minimumSeconds).toBe(2);
    const t = estimateTime(plan, { createdBeforeDryRun: plan.createdBeforeDryRun });
    expect([t.minimumSeconds, t.stepsLeftOut, t.createdBeforeDryRunStep]).toEqual([0, 0, { step: 'Sync wave 5', task: 'Namespace/app' }]);
    expect(timeTextSection(t)).toEqual([
      'Minimum time: 0 s (a single step: no wave delay)',
      '  1. Sync wave 0: waits for nothing with a health check',
      '  Sync wave 5 holds only Namespace/app, created before the dry run while the namespace is missing: no step on this sync, not counted (later syncs run it)',
    ]);
  });

  test('the text section names idle steps (waves that cost only the delay)', () => {
    const text = timeTextSection(estimateTime(article()));
    expect(text[0]).toBe('Minimum time: 8 s (4 wave delays × 2 s, controller.sync.wave.delay.seconds), plus the time each awaited object takes to become ready');
    expect(text).toContain('  2. Sync wave 0: waits for nothing with a health check, then 2 s');
    expect(text[text.length - 1]).toBe('  2 of 5 steps wait on nothing and only cost the delay (4 s): fewer waves, fewer seconds');
  });

  test('waveDelaySetting (argo-cd PR #24536, 3.2): the delay is named by the setting of the version modelled', () => {
    expect(timeTextSection(estimateTime(article(), { argocdVersion: '3.2' }))[0]).toContain('× 2 s, controller.sync.wave.delay.seconds)');
    expect(timeTextSection(estimateTime(article(), { argocdVersion: '3.1' }))[0]).toContain('× 2 s, ARGOCD_SYNC_WAVE_DELAY)');
  });

  test('a Service is waited on only as a LoadBalancer (health_service.go); an argocd-cm script for Service judges every Service instead', () => {
    const step = (type: string) => planOf([
      m({ kind: 'Service', name: 'web', spec: { type }, wave: 0 }),
      m({ kind: 'ConfigMap', name: 'after', wave: 1 }),
    ]);
    expect(estimateTime(step('ClusterIP')).criticalPath[0].waitsOn).toEqual([]);
    expect(estimateTime(step('LoadBalancer')).criticalPath[0].waitsOn).toEqual(['Service/web']);
    const healthScripts = [{ key: 'Service', script: 'return { status = "Healthy" }', useOpenLibs: false }];
    expect(estimateTime(step('ClusterIP'), { healthScripts }).criticalPath[0].waitsOn).toEqual(['Service/web']);
  });

  test('the objects a step waits on are told apart by namespace when kind and name repeat', () => {
    const plan = planOf([
      m({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', namespace: 'blue', wave: 0 }),
      m({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', namespace: 'green', wave: 0 }),
      m({ kind: 'ConfigMap', name: 'after', wave: 1 }),
    ]);
    expect(estimateTime(plan).criticalPath[0].waitsOn).toEqual(['Deployment/web -n blue', 'Deployment/web -n green']);
  });

  test('a custom resource waits only with an argocd-cm health script for it (gitops-engine GetResourceHealth: the override first)', () => {
    const plan = planOf([
      m({ apiVersion: 'example.com/v1', kind: 'Widget', name: 'w', wave: 0 }),
      m({ kind: 'ConfigMap', name: 'after', wave: 1 }),
    ]);
    expect(estimateTime(plan).criticalPath[0].waitsOn).toEqual([]);
    expect(estimateTime(plan, { healthScripts: [{ key: 'example.com/Widget', script: 'return {}', useOpenLibs: false }] }).criticalPath[0].waitsOn).toEqual(['Widget/w']);
    expect(estimateTime(plan, { healthScripts: [{ key: '*.com/*', script: 'return {}', useOpenLibs: false }] }).criticalPath[0].waitsOn).toEqual(['Widget/w']);
    expect(estimateTime(plan, { healthScripts: [{ key: 'example.org/Widget', script: 'return {}', useOpenLibs: false }] }).criticalPath[0].waitsOn).toEqual([]);
  });

  test('JSON form and formatting', () => {
    expect(timeJson(estimateTime(article())).criticalPath[2]).toEqual({ step: 3, phase: 'Sync', wave: 1, delaySeconds: 2, waitsOn: ['Deployment/web'] });
    expect([formatSeconds(4), formatSeconds(60), formatSeconds(95)]).toEqual(['4 s', '1 min', '1 min 35 s']);
  });
});

// argo-cd resource_customizations/batch/CronJob/health.lua: in v3.2.0, not in v3.1.0.
test('what a step waits on is what the Argo CD version modelled checks: a CronJob from 3.2', () => {
  const plan = planOf([m({ kind: 'CronJob', name: 'nightly' }), m({ kind: 'ConfigMap', name: 'after', wave: 1 })]);
  expect(estimateTime(plan, { argocdVersion: '3.2' }).criticalPath[0].waitsOn).toEqual(['CronJob/nightly']);
  expect(estimateTime(plan, { argocdVersion: '3.1' }).criticalPath[0].waitsOn).toEqual([]);
});

