/**
 * The hand-written article YAML carries the traps the article describes: the pack must name each
 * of them (and nothing else), so the README's plan output stays honest.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { parseManifests } from '../../../src/cli/load';
import { lint } from '../../../src/rules';

const FILE = join(__dirname, '..', '..', '..', 'examples', 'manifests', 'workflow-console.yaml');

test('the article YAML as first written: the pack finds its ordering traps', () => {
  const manifests = parseManifests(readFileSync(FILE, 'utf8'), 'workflow-console.yaml');
  const found = lint(manifests, { namespace: 'workflow' }).map(f => `${f.level} ${f.rule} ${f.kind}/${f.name}`);
  expect(found.sort()).toEqual([
    // A PreSync migration reading a Secret the app only creates in the Sync phase (argo-cd #9891).
    'error reads-resource-created-later Job/db-migrate',
    // Neither hook can hang the sync for ever once it has a deadline; these have none.
    'warning hook-no-deadline Job/db-migrate',
    'warning hook-no-deadline Job/smoke-test',
    // A named hook with HookSucceeded alone meets its failed predecessor on the next sync (argo-cd #7430).
    'warning hook-name-without-before-hook-creation Job/db-migrate',
    // Config in its own wave only costs the delay: kind order already applies it before the Deployment.
    'info wave-unneeded Deployment/workflow-console',
  ].sort());
});
