import { hookLabel, hooksOf } from '../hooks';
import { containersOf, list, obj, podSpecOf, str } from '../objects';
import type { Hit, Rule } from '../types';

/** Names that say "this is a credential". */
const SECRET_NAME = /(^|_)(PASS(WORD|WD)?|SECRET|TOKEN|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|AUTH)($|_)/i;
/** Values that are credentials whatever their name: URLs with a password, well-known token shapes. */
const SECRET_VALUE = /:\/\/[^/\s:@]+:[^/\s@]+@|^-----BEGIN [A-Z ]*PRIVATE KEY|^AKIA[0-9A-Z]{16}$|^gh[pousr]_[A-Za-z0-9]{20,}|^xox[abprs]-|^sk_(live|test)_/;

/**
 * Hooks run on every sync with whatever the manifest carries: a literal password in a hook's env is
 * a secret committed to Git and readable by anyone who can read the Job. Reference it instead.
 */
export const hookEnvLiteralSecret: Rule = {
  id: 'hook-env-literal-secret',
  defaultLevel: 'warning',
  title: "A literal secret-looking value in a hook's environment",
  check(ctx) {
    const hits: Hit[] = [];
    for (const { manifest, hook } of hooksOf(ctx)) {
      const pod = podSpecOf(manifest);
      if (!pod) continue;
      for (const c of containersOf(pod)) {
        list(c.container.env).forEach((e, i) => {
          const name = str(obj(e)?.name) ?? '';
          const value = str(obj(e)?.value);
          if (value === undefined || value === '' || /^\$\([A-Za-z_][A-Za-z0-9_]*\)$/.test(value)) return;
          if (!SECRET_NAME.test(name) && !SECRET_VALUE.test(value)) return;
          hits.push({
            manifest,
            message: `is a ${hookLabel(hook)} hook whose container ${String(c.container.name ?? '?')} sets ${name} to a literal value that looks like a secret: it is stored in Git and readable from the ${manifest.object.kind}`,
            fix: `read ${name} from a Secret (env[].valueFrom.secretKeyRef or envFrom.secretRef)`,
            path: [...c.path, 'env', i, 'value'],
          });
        });
      }
    }
    return hits;
  },
};
