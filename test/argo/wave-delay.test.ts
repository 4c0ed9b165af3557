/**
 * The wave delay's setting per version: argo-cd `controller/sync.go` `delayBetweenSyncWaves` reads
 * `ARGOCD_SYNC_WAVE_DELAY` in every version; since 3.2 (PR #24536) the install manifests fill it from
 * `argocd-cmd-params-cm` `controller.sync.wave.delay.seconds` (absent from v3.1.0's manifests).
 */
import { ARGOCD_VERSIONS } from '../../src/argo/versions';
import { waveDelaySetting, waveDelaySettingHelp } from '../../src/argo/wave-delay';

describe('waveDelaySetting', () => {
  test('the environment variable up to 3.1, the argocd-cmd-params-cm key from 3.2; the default is the latest', () => {
    expect(ARGOCD_VERSIONS.map(v => [v, waveDelaySetting(v)])).toEqual(ARGOCD_VERSIONS.map(v =>
      [v, ['2.14', '3.0', '3.1'].includes(v) ? 'ARGOCD_SYNC_WAVE_DELAY' : 'controller.sync.wave.delay.seconds']));
    expect(waveDelaySetting()).toBe('controller.sync.wave.delay.seconds');
  });

  test('the help names both, with the release that changed it', () => {
    expect(waveDelaySettingHelp()).toBe("argocd-cmd-params-cm controller.sync.wave.delay.seconds since Argo CD 3.2; the application controller's ARGOCD_SYNC_WAVE_DELAY before");
  });
});
