import * as fc from 'fast-check';
import { hasSyncOption, SYNC_OPTIONS, syncOptionSpec, syncOptionsOf, syncOptionValue } from '../../src/argo';
import { ignoredAppOption } from '../../src/argo/sync-options';
import { ARGOCD_VERSIONS, behavesSince } from '../../src/argo/versions';
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

/**
 * Options read in an Application's syncOptions only since some version: SkipDryRunOnMissingResource
 * since 3.1 (argo-cd v3.1.0 controller/sync.go passes the Application's option to
 * sync.WithSkipDryRunOnMissingResource; v3.0.0 does not), Prune=/Delete= since 3.4 (prune-option.test.ts).
 */
describe('Application-level options an older Argo CD ignores', () => {
  test('SkipDryRunOnMissingResource before 3.1: ignored there, with what is lost and the version that reads it', () => {
    const ignored = ignoredAppOption('SkipDryRunOnMissingResource=true', '3.0');
    expect(ignored?.since).toBe('3.1');
    expect(ignored?.message).toBe('Argo CD reads SkipDryRunOnMissingResource= in the Application\'s syncOptions since 3.1; 3.0 ignores it there '
      + 'and reads it only from each object\'s argocd.argoproj.io/sync-options annotation, so a custom resource whose CRD the cluster does not serve yet fails the dry run');
    expect(ignoredAppOption('SkipDryRunOnMissingResource=true', '3.1')).toBeUndefined();
    expect(ignoredAppOption('SkipDryRunOnMissingResource=true')).toBeUndefined();
  });

  test('property: an option is ignored exactly before the version whose behaviour reads it, and never one read since every version modelled', () => {
    const since: Record<string, 'appSkipDryRun' | 'appPruneDeleteDefaults'> = {
      'SkipDryRunOnMissingResource=true': 'appSkipDryRun', 'Prune=false': 'appPruneDeleteDefaults', 'Delete=confirm': 'appPruneDeleteDefaults',
    };
    fc.assert(fc.property(fc.constantFrom(...ARGOCD_VERSIONS), fc.constantFrom(...Object.keys(since), 'CreateNamespace=true', 'ServerSideApply=true', 'PruneLast=true', '__proto__'), (v, option) => {
      const read = Object.prototype.hasOwnProperty.call(since, option) ? since[option] : undefined;
      expect(ignoredAppOption(option, v) === undefined).toBe(read === undefined || behavesSince(read, v));
    }));
  });
});
