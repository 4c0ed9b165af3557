import { ANNOTATION_SYNC_WAVE, HELM_HOOK_WEIGHT } from '../../argo/annotations';
import { readWave } from '../../argo/waves';
import { quote } from '../quote';
import type { Hit, Rule } from '../types';

/** `gitops-engine pkg/sync/syncwaves/waves.go`: strconv.Atoi, and on failure a silent fallback. */
export const waveInvalid: Rule = {
  id: 'wave-invalid',
  defaultLevel: 'error',
  title: 'A sync wave Argo CD cannot parse (silently replaced)',
  check(ctx) {
    const hits: Hit[] = [];
    for (const manifest of ctx.withAnnotation(ANNOTATION_SYNC_WAVE, HELM_HOOK_WEIGHT)) {
      const read = readWave(manifest.object, ctx.options.argocdVersion);
      const used = read.from === 'hook-weight' ? `helm.sh/hook-weight, wave ${read.wave}` : 'wave 0';
      if (read.invalidSyncWave !== undefined) {
        hits.push({
          manifest,
          message: `${ANNOTATION_SYNC_WAVE} ${quote(read.invalidSyncWave)} is not an integer Argo CD can parse (Go strconv.Atoi: no spaces, decimals or words), so it silently uses ${used}`,
          fix: `write a plain integer such as "${suggest(read.invalidSyncWave)}"`,
          path: ['metadata', 'annotations', ANNOTATION_SYNC_WAVE],
        });
      } else if (read.invalidHookWeight !== undefined) {
        hits.push({
          manifest,
          message: `${HELM_HOOK_WEIGHT} ${quote(read.invalidHookWeight)} is not an integer Argo CD can parse, so it silently uses wave 0`,
          fix: `write a plain integer such as "${suggest(read.invalidHookWeight)}"`,
          path: ['metadata', 'annotations', HELM_HOOK_WEIGHT],
        });
      }
    }
    return hits;
  },
};

/** A best guess at what was meant: the first integer in the value, else 0. */
function suggest(raw: string): string {
  const m = /[+-]?\d{1,15}/.exec(raw.trim());
  return m ? String(Number(m[0])) : '0';
}
