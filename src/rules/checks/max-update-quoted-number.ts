import { isQuotedNumber, rollingSyncSteps } from '../../argo/progressive-sync';
import type { Hit, Rule } from '../types';

/**
 * Argo CD's progressive syncs (argo-cd applicationset/progressivesync/progressive_sync.go): `maxUpdate` is an IntOrString scaled as a percentage when a string; a quoted plain
 * number (`"2"`) is not a valid percentage, so Argo CD syncs one Application at a time and raises
 * the InvalidRolloutConfig condition.
 */
export const maxUpdateQuotedNumber: Rule = {
  id: 'max-update-quoted-number',
  defaultLevel: 'error',
  title: 'A RollingSync maxUpdate written as a quoted number',
  check(ctx) {
    const hits: Hit[] = [];
    for (const manifest of ctx.manifestsOfKind('ApplicationSet')) {
      (rollingSyncSteps(manifest.object) ?? []).forEach((step, i) => {
        if (!isQuotedNumber(step.maxUpdate)) return;
        const n = String(step.maxUpdate).trim();
        hits.push({
          manifest,
          message: `step ${i + 1} has maxUpdate "${n}", a string that is not a percentage, so Argo CD syncs one Application at a time and reports InvalidRolloutConfig`,
          fix: `write maxUpdate: ${Number(n)} (an integer) or "${Number(n)}%" (a percentage)`,
          path: ['spec', 'strategy', 'rollingSync', 'steps', i, 'maxUpdate'],
        });
      });
    }
    return hits;
  },
};
