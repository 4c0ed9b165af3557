/**
 * The application order (src/report/application-order.ts) and how each picture draws it above the
 * Applications' plans (renderApplicationsMermaid, renderApplicationsSvg, renderApplicationsHtml).
 */
import fc from 'fast-check';
import { applicationOrderLines, applicationWaves, rollingSyncJson, rollingSyncOrder, unorderedApplications } from '../../src/report/application-order';
import { diagramModel } from '../../src/report/diagram';
import { renderApplicationsHtml } from '../../src/report/html';
import { renderApplicationsMermaid } from '../../src/report/mermaid';
import { renderApplicationsSvg, renderSvg } from '../../src/report/svg';
import { estimateTime } from '../../src/report/timing';
import { stalledArticle } from '../fixtures/article-plan';

const child = (name: string, wave: number, steps?: number) => ({ name, wave, destinationNamespace: name, ...(steps !== undefined ? { steps, plan: wave } : { render: `helm template ${name}` }) });

describe('applicationWaves', () => {
  test('one group per parent wave, in sync order, with what each child is', () => {
    const order = applicationWaves([child('db', 0, 2), child('mq', 0, 1), child('web', 1, 4), child('edge', 2)]);
    expect(order.groups.map(g => [g.label, g.applications.map(a => `${a.label} ${a.detail}`)])).toEqual([
      ['wave 0', ['Application/db -> db, 2 steps', 'Application/mq -> mq, 1 step']],
      ['wave 1', ['Application/web -> web, 4 steps']],
      ['wave 2', ['Application/edge -> edge, rendered by: helm template edge']],
    ]);
    expect(order.ordered).toBe(true);
    expect(applicationOrderLines(order).slice(1)).toEqual([
      '  wave 0: Application/db -> db, 2 steps', '  wave 0: Application/mq -> mq, 1 step',
      '  wave 1: Application/web -> web, 4 steps', '  wave 2: Application/edge -> edge, rendered by: helm template edge',
    ]);
  });

  test('property: every child in exactly one group, groups in ascending wave order', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: -3, max: 5 }), { maxLength: 12 }), (waves) => {
      const children = [...waves].sort((a, b) => a - b).map((w, i) => child(`a${i}`, w, 1));
      const order = applicationWaves(children);
      expect(order.groups.flatMap(g => g.applications.map(a => a.label))).toEqual(children.map(c => `Application/${c.name}`));
      const labels = order.groups.map(g => Number(g.label.replace('wave ', '')));
      expect(labels).toEqual([...new Set(children.map(c => c.wave))]);
    }), { numRuns: 100 });
  });
});

describe('rollingSyncOrder (argo-cd applicationset/progressivesync: the first step whose expressions all select)', () => {
  const appset = (steps: unknown[], envs: string[]) => ({
    spec: {
      generators: [{ list: { elements: envs.map(env => ({ env })) } }],
      template: { metadata: { name: 'shop-{{env}}', labels: { env: '{{env}}' } } },
      strategy: { type: 'RollingSync', rollingSync: { steps } },
    },
  });

  test('the steps with their selectors and maxUpdate, the generated Applications in each, and those in no step', () => {
    const order = rollingSyncOrder('shop', appset([
      { matchExpressions: [{ key: 'env', operator: 'In', values: ['dev'] }] },
      { matchExpressions: [{ key: 'env', operator: 'In', values: ['prod'] }], maxUpdate: '25%' },
    ], ['dev', 'qa', 'prod']))!;
    expect(order.title).toMatch(/^ApplicationSet\/shop: RollingSync steps/);
    expect(order.groups.map(g => [g.label, g.detail, g.applications.map(a => a.label)])).toEqual([
      ['step 1', 'env In (dev)', ['Application/shop-dev']],
      ['step 2', 'env In (prod), maxUpdate "25%"', ['Application/shop-prod']],
      ['in no step', 'never synced by the controller', ['Application/shop-qa']],
    ]);
  });

  test('RollingSync off: no order; other generators: the steps without names, said so', () => {
    expect(rollingSyncOrder('shop', { spec: { strategy: { type: 'AllAtOnce' } } })).toBeUndefined();
    const order = rollingSyncOrder('shop', { spec: { generators: [{ git: {} }], strategy: { type: 'RollingSync', rollingSync: { steps: [{}] } } } })!;
    expect(order.title).toMatch(/need Argo CD's templating to be named/);
    expect(order.groups).toEqual([{ label: 'step 1', detail: 'every application', applications: [] }]);
  });

  test('rollingSyncJson: the same steps as data (the JSON of plan --repo-root), maxUpdate as written', () => {
    const set = appset([
      { matchExpressions: [{ key: 'env', operator: 'In', values: ['dev'] }], maxUpdate: 1 },
      { matchExpressions: [{ key: 'env', operator: 'In', values: ['prod'] }], maxUpdate: '25%' },
    ], ['dev', 'qa', 'prod']);
    const data = rollingSyncJson('shop', 'argocd', set)!;
    expect(data.steps.map(s => [s.step, s.maxUpdate, s.applications])).toEqual([[1, 1, ['shop-dev']], [2, '25%', ['shop-prod']]]);
    expect(data.steps[0].matchExpressions).toEqual([{ key: 'env', operator: 'In', values: ['dev'] }]);
    expect(data.inNoStep).toEqual(['shop-qa']);
    // Text and data say the same: every Application the text names in a step is in that step's data.
    const order = rollingSyncOrder('shop', set)!;
    expect(order.groups.slice(0, 2).map(g => g.applications.map(a => a.label.replace('Application/', '')))).toEqual(data.steps.map(s => s.applications));
    expect(rollingSyncJson('shop', 'argocd', { spec: { generators: [{ git: {} }], strategy: { type: 'RollingSync', rollingSync: { steps: [{}] } } } }))
      .toEqual({ name: 'shop', namespace: 'argocd', steps: [{ step: 1, matchExpressions: [], maxUpdate: null, applications: null }], inNoStep: null });
    expect(rollingSyncJson('shop', 'argocd', { spec: { strategy: { type: 'AllAtOnce' } } })).toBeUndefined();
  });
});

describe('the pictures of several Applications', () => {
  const { plan, result } = stalledArticle();
  const model = diagramModel(plan, { result });
  const orders = [applicationWaves([child('db', 0, plan.steps.length), child('web', 1, plan.steps.length)])];
  const apps = [{ title: 'Application db', model }, { title: 'Application web', model }, { title: 'Application edge', render: 'kustomize build edge' }];

  test('Mermaid: the order first, an arrow per wait between groups, each plan a subgraph with ids of its own', () => {
    const text = renderApplicationsMermaid(orders, apps);
    expect(text.indexOf('subgraph order1[')).toBeLessThan(text.indexOf('subgraph app1['));
    expect(text).toContain('order1_g1 -->|"Healthy"| order1_g2');
    expect(text).toContain('app3_render["rendered by: kustomize build edge"]');
    const ids = [...text.matchAll(/^\s*(\w+)\[/gm)].map(x => x[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(text.match(/^\s*subgraph /gm)!.length).toBe(text.match(/^\s*end$/gm)!.length);
    // Nothing orders a dist's files: no arrow.
    expect(renderApplicationsMermaid([unorderedApplications(['a', 'b'], () => '')], apps.slice(0, 2))).not.toContain('-->|"Healthy"| order');
  });

  test('SVG: one picture, the order band above nested plans, every id unique, integer coordinates', () => {
    const svg = renderApplicationsSvg(orders, apps);
    expect(svg.indexOf('class="order-title"')).toBeLessThan(svg.indexOf('class="app-title"'));
    expect(svg.match(/<svg /g)).toHaveLength(3);
    const ids = [...svg.matchAll(/ id="([^"]+)"/g)].map(x => x[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(svg).toContain('url(#app1-arrow)');
    expect(svg).not.toMatch(/ (x|y|width|height)="-?\d+\.\d+"/);
    expect(renderApplicationsSvg(orders, apps)).toBe(svg);
  });

  test('HTML: the order section before each Application\'s, entries linking to them', () => {
    const html = renderApplicationsHtml({
      sources: ['parent.yaml'],
      orders,
      applications: [
        { title: 'Application db', plan, svg: renderSvg(model), time: estimateTime(plan), findings: [], result, explanation: 'held' },
        { title: 'Application web', render: 'kustomize build web' },
      ],
    });
    expect(html.indexOf('id="application-order"')).toBeLessThan(html.indexOf('id="app-1"'));
    expect(html).toContain('<a href="#app-1">Application/db</a>');
    expect(html).toContain('<section id="app-1-simulation">');
    expect(html).toContain('render it with <code>kustomize build web</code>');
    expect(html).not.toMatch(/<script|<link|<img/);
  });
});
