/**
 * Where the operator sets the inter-wave delay (argo-cd `controller/sync.go` `delayBetweenSyncWaves`,
 * 2 s unless the controller's `ARGOCD_SYNC_WAVE_DELAY` holds an integer). Since 3.2 (argo-cd PR
 * #24536) the installed manifests fill that variable from `controller.sync.wave.delay.seconds` in
 * `argocd-cmd-params-cm`; before, it had to be set on the application controller itself.
 */
import { behavesSince } from './versions';

export const WAVE_DELAY_ENV = 'ARGOCD_SYNC_WAVE_DELAY';
export const WAVE_DELAY_PARAM = 'controller.sync.wave.delay.seconds';

/** The setting's name for this version, as output names it. */
export function waveDelaySetting(argocdVersion?: string): string {
  return behavesSince('waveDelaySetting', argocdVersion) ? WAVE_DELAY_PARAM : WAVE_DELAY_ENV;
}

/** Where to set it, for help texts that cannot know the version. */
export function waveDelaySettingHelp(): string {
  return `argocd-cmd-params-cm ${WAVE_DELAY_PARAM} since Argo CD 3.2; the application controller's ${WAVE_DELAY_ENV} before`;
}
