/**
 * The Argo CD versions modelled and the first version of each behaviour, checked against the
 * releases' own sync loops (gitops-engine `pkg/sync/sync_context.go` at v2.14.0 … v3.5.0).
 */
import { ARGOCD_VERSIONS, BACKPORTS, LATEST_ARGOCD_VERSION, SINCE, behavesSince, isAtLeast, minorOf, parseArgoCdVersion, sinceText } from '../../src/argo/versions';

describe('Argo CD versions', () => {
  test('parseArgoCdVersion reads x.y, vx.y, x.y.z and a pre-release as its patch; unmodelled minors are refused', () => {
    expect(['3.4', 'v3.4', '3.4.2', 'v3.3.05', '3.5.0-rc1', '2.13', '4.0', '2.13.4', 'latest', '3.4.x'].map(parseArgoCdVersion))
      .toEqual(['3.4', '3.4', '3.4.2', '3.3.5', '3.5.0', undefined, undefined, undefined, undefined, undefined]);
  });

  test('a minor alone is its latest patch release; a minor in SINCE holds from its .0', () => {
    expect([isAtLeast('3.3', '3.3.3'), isAtLeast('3.3.2', '3.3.3'), isAtLeast('3.3.3', '3.3.3'), isAtLeast('3.3.14', '3.3.3')]).toEqual([true, false, true, true]);
    expect([isAtLeast('3.4.0', '3.4'), isAtLeast('3.3.99', '3.4'), isAtLeast('3.4', '3.3.3'), isAtLeast('3.2', '3.3.3')]).toEqual([true, false, true, false]);
    expect(isAtLeast('9.9', '2.14')).toBe(false); // not modelled: the old behaviour
    expect(minorOf('3.3.5')).toBe('3.3');
  });

  // Read from the release branches: git log v3.3.2..v3.3.3, v3.3.4..v3.3.5, v3.3.10..v3.3.11, v3.4.2..v3.4.3 (argo-cd).
  test('patch releases: the CSV deletion hooks of 3.3.3 (#26586), the sync phase beside them kept in 3.3.5 (#26999)', () => {
    expect(['3.3.0', '3.3.2', '3.3.3', '3.3.4', '3.3.5', '3.3', '3.4.0'].map(v => [behavesSince('deletionHookCsv', v), behavesSince('syncPhaseDeletionHookSynced', v)]))
      .toEqual([[false, false], [false, false], [true, false], [true, false], [true, true], [true, true], [true, true]]);
  });

  test('a backported fix: deletion hooks tracked and truncated since 3.3.11, 3.4.3 and 3.5.0 (#27715, #27714, #27542), not in 3.4.0 to 3.4.2', () => {
    expect(Object.fromEntries(['3.2', '3.3.10', '3.3.11', '3.3', '3.4.0', '3.4.2', '3.4.3', '3.4', '3.5.0', '3.6'].map(v => [v, behavesSince('deletionHookTrackedLabel', v)]))).toEqual({
      '3.2': false, '3.3.10': false, '3.3.11': true, '3.3': true, '3.4.0': false, '3.4.2': false, '3.4.3': true, '3.4': true, '3.5.0': true, '3.6': true,
    });
    expect(sinceText('deletionHookTrackedLabel')).toBe('3.3.11, 3.4.3 and 3.5');
    expect(sinceText('deletionHookCsv')).toBe('3.3.3');
  });

  test('the default is the latest modelled, which behaves every new way', () => {
    expect(ARGOCD_VERSIONS[ARGOCD_VERSIONS.length - 1]).toBe(LATEST_ARGOCD_VERSION);
    for (const behaviour of Object.keys(SINCE) as Array<keyof typeof SINCE>) expect(behavesSince(behaviour)).toBe(true);
  });

  test('each behaviour starts at its release and holds for every later one', () => {
    expect(behavesSince('hookFinalizer', '2.14')).toBe(false);
    expect(behavesSince('hookFinalizer', '3.0')).toBe(true);
    expect(behavesSince('namespaceBeforeDryRun', '3.0')).toBe(false);
    expect(behavesSince('namespaceBeforeDryRun', '3.1')).toBe(true);
    expect(behavesSince('missingFailsSync', '3.3')).toBe(false);
    expect(behavesSince('missingFailsSync', '3.4')).toBe(true);
    expect(behavesSince('notValidWithCauses', '3.4')).toBe(false);
    // Read from each release's sync loop and controller (gitops-engine v3.3.0 vs v3.4.0; argo-cd v3.1.0 vs v3.2.0).
    expect(['failedApplyWaitsForRunning', 'terminateRunningHooksOnly', 'stepRunningMessage', 'appPruneDeleteDefaults']
      .map(b => [behavesSince(b as keyof typeof SINCE, '3.3'), behavesSince(b as keyof typeof SINCE, '3.4')])).toEqual([[false, true], [false, true], [false, true], [false, true]]);
    expect([behavesSince('waveDelaySetting', '3.1'), behavesSince('waveDelaySetting', '3.2')]).toEqual([false, true]);
    expect([behavesSince('terminationCause', '3.1'), behavesSince('terminationCause', '3.2')]).toEqual([false, true]);
    expect([behavesSince('syncFailHooksFailedMessage', '2.14'), behavesSince('syncFailHooksFailedMessage', '3.0')]).toEqual([false, true]);
    // argo-cd v3.2.0 vs v3.3.0 pkg/apis/application/v1alpha1/app_project_types.go: IsGroupKindPermitted, then IsGroupKindNamePermitted.
    expect([behavesSince('clusterResourceNames', '3.2'), behavesSince('clusterResourceNames', '3.3')]).toEqual([false, true]);
    // gitops-engine pkg/health at v3.4.0, v3.5.0 and the 3.6 line: health_hpa.go (PRs #26274, #27887), health_job.go (#28738), health_pod.go (#28249).
    expect(['hpaFailedConditionFirst', 'hpaV2BetaUnread'].map(b => [behavesSince(b as keyof typeof SINCE, '3.4'), behavesSince(b as keyof typeof SINCE, '3.5')])).toEqual([[false, true], [false, true]]);
    expect(['jobSuspendedMessage', 'podIgnoreRestartPolicy'].map(b => [behavesSince(b as keyof typeof SINCE, '3.5'), behavesSince(b as keyof typeof SINCE, '3.6')])).toEqual([[false, true], [false, true]]);
    // argo-cd v3.3.14 vs v3.4.0 controller/hook.go executeHooks: the AlreadyExists skip came with v3.4.0 (cherry-pick #27257 of PR #26724).
    expect([behavesSince('deletionHookAlreadyExistsSkipped', '3.3'), behavesSince('deletionHookAlreadyExistsSkipped', '3.4')]).toEqual([false, true]);
    // argo-cd v3.2.0 vs v3.3.0 gitops-engine applyObject: shouldReplace/force read t.liveObj too (#26189).
    expect([behavesSince('liveReplaceForce', '3.2'), behavesSince('liveReplaceForce', '3.3')]).toEqual([false, true]);
    // argo-cd v3.3.0 vs v3.4.0 controller/health.go setApplicationHealth (PR #25962).
    expect([behavesSince('appMissingOnlyWhenAllMissing', '3.3'), behavesSince('appMissingOnlyWhenAllMissing', '3.4')]).toEqual([false, true]);
    // Each minor named (its latest patch) behaves as its line's last release: new from the minor of SINCE on, or of a backport.
    for (const [behaviour, since] of Object.entries(SINCE)) {
      const lines = [since, ...BACKPORTS[behaviour as keyof typeof SINCE] ?? []];
      const at = Math.min(...lines.map(v => ARGOCD_VERSIONS.indexOf(minorOf(v))));
      expect(at).toBeGreaterThanOrEqual(0);
      ARGOCD_VERSIONS.forEach((v, i) => expect(behavesSince(behaviour as keyof typeof SINCE, v)).toBe(i >= at));
      // A minor in SINCE holds from its .0; a patch in SINCE not before it.
      const first = since.split('.').length === 2 ? `${since}.0` : since;
      expect(behavesSince(behaviour as keyof typeof SINCE, first)).toBe(true);
      if (!first.endsWith('.0')) expect(behavesSince(behaviour as keyof typeof SINCE, first.replace(/\d+$/, n => String(Number(n) - 1)))).toBe(false);
    }
  });
});
