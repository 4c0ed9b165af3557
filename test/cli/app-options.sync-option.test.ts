/**
 * `--sync-option` is judged by the rules `lint` reports Application sync options with
 * (`sync-option-invalid`, `sync-option-unknown`): one judge, so the CLI refuses exactly the options
 * lint reports in a child Application's `spec.syncPolicy.syncOptions`, and the same words say why.
 */
import * as fc from 'fast-check';
import { SYNC_OPTIONS } from '../../src/argo/sync-options';
import { checkAppSyncOption } from '../../src/cli/app-options';
import { UsageError } from '../../src/cli/errors';
import { lintReport } from '../../src/rules';
import { manifest } from '../fixtures/manifests';

/** The sync-option findings of a child Application with this one option. */
function lintedAsChild(option: string): string[] {
  const app = manifest({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'child', namespace: 'argocd' },
    spec: { project: 'default', source: { repoURL: 'https://git.example.com/r.git', path: 'child' }, destination: { namespace: 'child' }, syncPolicy: { syncOptions: [option] } },
  });
  return lintReport([app]).findings.filter(f => f.rule.startsWith('sync-option-')).map(f => f.fix);
}

function refusal(option: string): string | undefined {
  try {
    checkAppSyncOption(option);
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
}

const names = [...SYNC_OPTIONS.map(o => o.name), 'PruneFirst', 'DisableClientSideApplyMigration', 'Bogus'];
const values = [...new Set(SYNC_OPTIONS.flatMap(o => o.values)), 'True', 'FALSE', 'maybe', 'Background', ''];
const recase = (s: string, flips: readonly boolean[]) => [...s].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c)).join('');

test('the CLI refuses an option exactly when lint reports it in a child Application, with the same fix', () => {
  fc.assert(fc.property(fc.constantFrom(...names), fc.constantFrom(...values), fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }), fc.boolean(),
    (name, value, flips, miscase) => {
      const option = `${miscase ? recase(name, flips) : name}${value === '' ? '' : `=${value}`}`;
      const fixes = lintedAsChild(option);
      const refused = refusal(option);
      expect(refused !== undefined).toBe(fixes.length > 0);
      if (refused) expect(refused.endsWith(`; ${fixes[0]}`)).toBe(true);
    }));
});

test('Force=true is refused as lint reports it: Argo CD reads it from objects only', () => {
  expect(refusal('Force=true')).toBe('--sync-option Force=true: not an Application sync option Argo CD acts on '
    + "(Argo CD reads Force from the objects' argocd.argoproj.io/sync-options annotation only); "
    + 'annotate the objects that need it with argocd.argoproj.io/sync-options: Force=true, or sync with --force');
});
