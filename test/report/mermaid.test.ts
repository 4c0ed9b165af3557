/** Mermaid text of the diagram (src/report/mermaid.ts). */
import { simulate } from '../../src/argo/simulate';
import { diagramModel } from '../../src/report/diagram';
import { renderMermaid } from '../../src/report/mermaid';
import { planOf } from '../argo/simulate/helpers';
import { stalledArticle } from '../fixtures/article-plan';
import { m } from '../fixtures/manifests';

describe('renderMermaid', () => {
  test('the article, stalled on wave 1', () => {
    const { plan, result } = stalledArticle();
    expect(renderMermaid(diagramModel(plan, { result }))).toMatchSnapshot();
  });

  test('subgraphs per phase and step, edges between steps, the holder linked from the outcome', () => {
    const { plan, result } = stalledArticle();
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
    const plan = planOf([m({ kind: 'Deployment', name: 'a', wave: 0 }), m({ kind: 'Deployment', name: 'b', wave: 1 })]);
    const result = simulate(plan, { applyErrors: new Map([['Deployment/a', 'admission webhook "x" denied']]) });
    const text = renderMermaid(diagramModel(plan, { result }));
    expect(text).toContain('#quot;x#quot;');
    expect(text).not.toMatch(/"x"/);
  });
});
