/** The SVG picture of the diagram (src/report/svg.ts). */
import * as fc from 'fast-check';
import { diagramModel } from '../../src/report/diagram';
import { renderSvg } from '../../src/report/svg';
import { planOf } from '../argo/simulate/helpers';
import { stalledArticle } from '../fixtures/article-plan';
import { m } from '../fixtures/manifests';

/** Every opening tag is closed, in order (the SVG has no text that looks like a tag). */
function balanced(xml: string): boolean {
  const stack: string[] = [];
  for (const match of xml.matchAll(/<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g)) {
    const [, close, name, self] = match;
    if (self) continue;
    if (close) {
      if (stack.pop() !== name) return false;
    } else {
      stack.push(name);
    }
  }
  return stack.length === 0;
}

describe('renderSvg', () => {
  test('the article, stalled on wave 1 (byte-stable)', () => {
    const { plan, result } = stalledArticle();
    const svg = renderSvg(diagramModel(plan, { result }));
    expect(svg).toMatchSnapshot();
    expect(svg).toBe(renderSvg(diagramModel(plan, { result })));
  });

  test('well-formed, one box per task, integer coordinates, escaped text', () => {
    const plan = planOf([m({ kind: 'ConfigMap', name: 'a<b>&"c"', wave: 0 }), m({ kind: 'Deployment', name: 'web', wave: 3 })]);
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
        const plan = planOf(specs.map((s, i) => m({ kind: 'Job', name: s.long ? `a-very-long-name-that-does-not-fit-in-the-box-${i}` : `j${i}`, wave: s.wave, hook: s.hook })));
        const svg = renderSvg(diagramModel(plan));
        expect(balanced(svg)).toBe(true);
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
        const tasks = plan.steps.reduce((n, s) => n + s.tasks.length, 0) + plan.syncFail.length;
        expect((svg.match(/<g class="box /g) ?? []).length).toBe(tasks);
        // One row per step, in run order (SyncFail last): the rows' waves are the steps' waves.
        const rows = [...svg.matchAll(/>(wave -?\d+|on failure)</g)].map(x => x[1]);
        expect(rows).toEqual([...plan.steps.map(st => `wave ${st.wave}`), ...(plan.syncFail.length > 0 ? ['on failure'] : [])]);
        const stepTops = [...svg.matchAll(/<g class="step" id="[^"]+">\n<rect x="\d+" y="(\d+)"/g)].map(x => Number(x[1]));
        expect(stepTops).toEqual([...stepTops].sort((a, b) => a - b));
      },
    ));
  });
});
