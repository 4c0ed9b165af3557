/**
 * The pictures: the diagram model (columns, lanes, boxes, waits), Mermaid text and the SVG.
 */
import * as fc from 'fast-check';
import { articlePlan } from './fixtures';
import { simulate } from '../../src/argo/simulate';
import { diagramModel } from '../../src/report/diagram';
import { renderMermaid } from '../../src/report/mermaid';
import { renderSvg } from '../../src/report/svg';
import { obj, planOf } from '../simulate/helpers';

const article = () => articlePlan({ syncFailHook: true });

const stalled = () => {
  const plan = article();
  return { plan, result: simulate(plan, { health: new Map([['Deployment/web', 'Progressing']]) }) };
};

/** Every opening tag is closed, in order (the SVG has no text that looks like a tag). */
function balanced(xml: string): boolean {
  const stack: string[] = [];
  for (const m of xml.matchAll(/<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g)) {
    const [, close, name, self] = m;
    if (self) continue;
    if (close) {
      if (stack.pop() !== name) return false;
    } else {
      stack.push(name);
    }
  }
  return stack.length === 0;
}

describe('diagramModel', () => {
  test('phases as columns, waves as lanes, one arrow per wait between steps', () => {
    const m = diagramModel(article());
    expect(m.columns.map(c => c.phase)).toEqual(['PreSync', 'Sync', 'PostSync', 'SyncFail']);
    expect(m.waves).toEqual([0, 1, 2]);
    expect(m.edges).toEqual([
      { from: 's1', to: 's2', label: 'hooks complete + 2 s' },
      { from: 's2', to: 's3', label: 'after apply + 2 s' },
      { from: 's3', to: 's4', label: 'Healthy + 2 s' },
      { from: 's4', to: 's5', label: 'after apply + 2 s' }, // a ClusterIP Service: Healthy once applied
    ]);
    expect(m.columns[0].steps[0].boxes[0]).toMatchObject({ label: 'Job/db-migrate', hook: true, marks: ['hook · HookSucceeded'], state: 'planned' });
    expect(m.title).toBe('Sync plan: 5 steps, 5 tasks, minimum 8 s');
  });

  test('with a simulated outcome: done, the box holding the sync, never applied', () => {
    const { plan, result } = stalled();
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
  const plan = planOf([obj({ kind: 'ConfigMap', name: 'new' })], { live: [obj({ kind: 'ConfigMap', name: 'old', syncOptions: 'Prune=confirm' })] });
  const result = simulate(plan, {});
  const boxes = diagramModel(plan, { result }).columns.flatMap(c => c.steps.flatMap(s => s.boxes));
  expect(boxes.map(b => [b.label, b.prune, b.state, b.result])).toEqual([
    ['ConfigMap/old', true, 'waiting', 'awaiting pruning confirmation'],
    ['ConfigMap/new', false, 'never', undefined],
  ]);
});

describe('renderMermaid', () => {
  test('the article, stalled on wave 1', () => {
    const { plan, result } = stalled();
    expect(renderMermaid(diagramModel(plan, { result }))).toMatchSnapshot();
  });

  test('subgraphs per phase and step, edges between steps, the holder linked from the outcome', () => {
    const { plan, result } = stalled();
    const text = renderMermaid(diagramModel(plan, { result }));
    expect(text.startsWith('flowchart TB\n')).toBe(true);
    expect(text.match(/^ {2}subgraph /gm)).toHaveLength(4);
    expect(text.match(/^ {4}subgraph /gm)).toHaveLength(6);
    expect(text.match(/-->\|/g)).toHaveLength(4);
    expect(text).toContain('outcome -.-> t3');
    expect(text).toContain('class t3 waiting');
    expect(text).toMatch(/t3\["Deployment\/web<br\/>Progressing: holds the sync"\]/);
    // Every subgraph is closed.
    expect(text.match(/^\s*subgraph /gm)!.length).toBe(text.match(/^\s*end$/gm)!.length);
  });

  test('quotes in labels are escaped as #quot;', () => {
    const plan = planOf([obj({ kind: 'Deployment', name: 'a', wave: 0 }), obj({ kind: 'Deployment', name: 'b', wave: 1 })]);
    const result = simulate(plan, { applyErrors: new Map([['Deployment/a', 'admission webhook "x" denied']]) });
    const text = renderMermaid(diagramModel(plan, { result }));
    expect(text).toContain('#quot;x#quot;');
    expect(text).not.toMatch(/"x"/);
  });
});

describe('renderSvg', () => {
  test('the article, stalled on wave 1 (byte-stable)', () => {
    const { plan, result } = stalled();
    const svg = renderSvg(diagramModel(plan, { result }));
    expect(svg).toMatchSnapshot();
    expect(svg).toBe(renderSvg(diagramModel(plan, { result })));
  });

  test('well-formed, one box per task, integer coordinates, escaped text', () => {
    const plan = planOf([obj({ kind: 'ConfigMap', name: 'a<b>&"c"', wave: 0 }), obj({ kind: 'Deployment', name: 'web', wave: 3 })]);
    const svg = renderSvg(diagramModel(plan));
    expect(balanced(svg)).toBe(true);
    expect(svg).toContain('a&lt;b&gt;&amp;&quot;c&quot;');
    expect(svg.match(/<g class="box /g)).toHaveLength(2);
    expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  });

  test('any plan: well-formed, no NaN, every task drawn, one row per step in run order', () => {
    const hooks = [undefined, undefined, 'PreSync', 'PostSync', 'SyncFail'];
    fc.assert(fc.property(
      fc.array(fc.record({ wave: fc.integer({ min: -3, max: 3 }), hook: fc.constantFrom(...hooks), long: fc.boolean() }), { maxLength: 12 }),
      specs => {
        const plan = planOf(specs.map((s, i) => obj({ kind: 'Job', name: s.long ? `a-very-long-name-that-does-not-fit-in-the-box-${i}` : `j${i}`, wave: s.wave, hook: s.hook })));
        const svg = renderSvg(diagramModel(plan));
        expect(balanced(svg)).toBe(true);
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
        const tasks = plan.steps.reduce((n, s) => n + s.tasks.length, 0) + plan.syncFail.length;
        expect((svg.match(/<g class="box /g) ?? []).length).toBe(tasks);
        // One row per step, in run order (SyncFail last): the rows' waves are the steps' waves.
        const rows = [...svg.matchAll(/>(wave -?\d+|on failure)</g)].map(m => m[1]);
        expect(rows).toEqual([...plan.steps.map(st => `wave ${st.wave}`), ...(plan.syncFail.length > 0 ? ['on failure'] : [])]);
        const stepTops = [...svg.matchAll(/<g class="step" id="[^"]+">\n<rect x="\d+" y="(\d+)"/g)].map(m => Number(m[1]));
        expect(stepTops).toEqual([...stepTops].sort((a, b) => a - b));
      },
    ));
  });
});
