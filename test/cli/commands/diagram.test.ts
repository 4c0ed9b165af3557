/** `syncplan diagram` (src/cli/commands/diagram.ts) through the CLI: pictures on stdout. */
import { join } from 'path';
import { cli } from '../run-cli';

const EXAMPLE = join(__dirname, '..', '..', '..', 'examples', 'manifests', 'workflow-console.yaml');

describe('syncplan diagram', () => {
  test('Mermaid by default, SVG with --format svg, the holder highlighted with --health', async () => {
    const mermaid = await cli('diagram', EXAMPLE);
    expect(mermaid.code).toBe(0);
    expect(mermaid.stdout.startsWith('flowchart TB\n')).toBe(true);
    expect(mermaid.stdout).not.toContain('outcome');

    const svg = await cli('diagram', EXAMPLE, '--format', 'svg', '--health', 'Deployment/workflow-console=Progressing');
    expect(svg.stdout.startsWith('<svg ')).toBe(true);
    expect(svg.stdout).toMatch(/<g class="box waiting" id="t\d+">\n<title>Deployment\/workflow-console/);
  });

  test('--simulate colours the boxes with the normal outcomes', async () => {
    const r = await cli('diagram', EXAMPLE, '--simulate');
    expect(r.stdout).toContain('Simulated: Succeeded');
    expect(r.stdout).toContain('class t1,t2,t3,t4,t5,t6,t7 done');
  });
});
