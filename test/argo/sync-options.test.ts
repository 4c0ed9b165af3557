import { hasSyncOption, SYNC_OPTIONS, syncOptionSpec, syncOptionsOf, syncOptionValue } from '../../src/argo';
import { obj } from '../fixtures/manifests';

const pod = (value: string) => obj({ kind: 'Pod', name: 'p', annotations: { 'argocd.argoproj.io/sync-options': value } });

describe('sync options', () => {
  test('CSV parsed as every list annotation', () => {
    expect(syncOptionsOf(pod(' Prune=false , PruneLast=true,,Prune=false'))).toEqual(['Prune=false', 'PruneLast=true']);
  });

  test('hasSyncOption is exact and case-sensitive', () => {
    expect(hasSyncOption(pod('PruneLast=true'), 'PruneLast=true')).toBe(true);
    expect(hasSyncOption(pod('PruneLast=True'), 'PruneLast=true')).toBe(false);
    expect(hasSyncOption(pod('prunelast=true'), 'PruneLast=true')).toBe(false);
    expect(hasSyncOption(obj({ kind: 'Pod', name: 'p' }), 'PruneLast=true')).toBe(false);
  });

  test('Key= lookup: first match wins', () => {
    expect(syncOptionValue(['Prune=false', 'Prune=confirm'], 'Prune')).toBe('false');
    expect(syncOptionValue(['PruneLast=true'], 'Prune')).toBeUndefined();
    expect(syncOptionValue([], 'Prune')).toBeUndefined();
  });

  test('the known option table', () => {
    expect(syncOptionSpec('PruneLast')).toEqual({ name: 'PruneLast', values: ['true'], scope: 'both' });
    expect(syncOptionSpec('CreateNamespace')?.scope).toBe('app');
    expect(syncOptionSpec('prunelast')).toBeUndefined();
    expect(new Set(SYNC_OPTIONS.map(o => o.name)).size).toBe(SYNC_OPTIONS.length);
  });
});
