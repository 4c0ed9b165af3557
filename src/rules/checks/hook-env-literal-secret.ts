import { displayValue } from '../../argo/display';
import { hookLabel } from '../hooks';
import { containersOf, list, obj, podSpecOf, str } from '../objects';
import type { Hit, Rule } from '../types';

/** Names that say "this is a credential". */
const SECRET_NAME = /(^|_)(PASS(WORD|WD)?|SECRET|TOKEN|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|AUTH)($|_)/i;
/** Names that say "this is about a credential, not the credential": a path, a name, a switch, a size. */
const NOT_A_SECRET_NAME = /_(FILE|PATH|DIR|NAME|ID|ENABLED|DISABLED|TTL|TIMEOUT|EXPIRY|LENGTH|SIZE|HEADER|URL|URI|ENDPOINT|HOST|PORT|MOUNT|REF|TYPE|METHOD|MODE)$/i;
/** Values that cannot be a credential: switches, numbers, durations. */
const NOT_A_SECRET_VALUE = /^(true|false|yes|no|on|off|none|null|[0-9]+(\.[0-9]+)?[smhdKMG]?i?)$/i;
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
    for (const { manifest, hook } of ctx.hooks) {
      const pod = podSpecOf(manifest);
      if (!pod) continue;
      for (const c of containersOf(pod)) {
        list(c.container.env).forEach((e, i) => {
          const name = str(obj(e)?.name) ?? '';
          const value = str(obj(e)?.value);
          if (value === undefined || value === '' || /^\$\([A-Za-z_][A-Za-z0-9_]*\)$/.test(value)) return;
          const byName = SECRET_NAME.test(name) && !NOT_A_SECRET_NAME.test(name) && !NOT_A_SECRET_VALUE.test(value);
          if (!byName && !SECRET_VALUE.test(value)) return;
          hits.push({
            manifest,
            message: `is a ${hookLabel(hook)} hook whose container ${displayValue(c.container.name ?? '?')} sets ${name} to a literal value that looks like a secret: it is stored in Git and readable from the ${manifest.object.kind}`,
            fix: `read ${name} from a Secret (env[].valueFrom.secretKeyRef or envFrom.secretRef)`,
            path: [...c.path, 'env', i, 'value'],
          });
        });
      }
    }
    return hits;
  },
};
