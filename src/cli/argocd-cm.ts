/**
 * `--argocd-cm FILE`: the user's argocd-cm ConfigMap, read once for every command that takes it.
 * Its health scripts are health checks (`argo/health.ts` `hasHealthCheck`: what a wave waits for,
 * in lint, plan, simulate, report, diagram and explain alike), the health override Argo CD applies
 * before its Go checks (the scripts run in a Lua VM, `argo/lua.ts`), and what the rules read of it.
 */
import { parse } from 'yaml';
import type { YAMLParseError } from 'yaml';
import { InputError } from './errors';
import { readValues } from './read-object';
import { lineAt } from './yaml-fields';
import { isPlainObject } from '../argo/annotations';
import { ARGOCD_CM_NAME, ArgocdCmKeyError, healthScriptFor, healthScripts, isResourceCustomizationKey } from '../argo/argocd-cm';
import type { HealthScript } from '../argo/argocd-cm';
import { groupOf, metadataString } from '../argo/keys';
import type { HealthOverride, LiveObject } from '../argo/live-health';
import type { HealthStatusCode } from '../argo/live-health/types';
import { runHealthLua } from '../argo/lua';
import type { ArgocdCm } from '../rules/types';

const HINT = 'pass Argo CD\'s own settings: kubectl -n argocd get configmap argocd-cm -o yaml';

/**
 * The health scripts of the argocd-cm ConfigMap in `path`, as Argo CD finds them (either form). The
 * file may hold other objects (`kubectl get configmap -n argocd -o yaml` lists them all): only the
 * ConfigMap named argocd-cm is read, as Argo CD reads only that one.
 * @throws InputError naming the file and line: no ConfigMap named argocd-cm in it (or two), `data`
 * that is no map of strings, or a key Argo CD cannot read (at that key's line)
 */
export function readHealthScripts(path: string): HealthScript[] {
  const values = readValues(path, undefined, HINT);
  const configMaps = values.filter(v => isPlainObject(v.value) && (v.value as Record<string, unknown>).kind === 'ConfigMap');
  const named = configMaps.filter(v => nameOf(v) === ARGOCD_CM_NAME);
  if (named.length === 0) {
    const first = configMaps[0] ?? values[0];
    const held = configMaps.length === 0 ? 'no ConfigMap in the file'
      : `no ConfigMap named ${ARGOCD_CM_NAME} in the file (it holds ${configMaps.map(v => `ConfigMap/${nameOf(v) || '(no name)'}`).join(', ')}), and Argo CD reads no other`;
    throw new InputError(first.file, first.line, held, HINT);
  }
  if (named.length > 1) {
    throw new InputError(named[1].file, named[1].line, `a second ConfigMap named ${ARGOCD_CM_NAME} (the first at line ${named[0].line})`,
      'pass the one of the namespace Argo CD runs in: kubectl -n argocd get configmap argocd-cm -o yaml');
  }
  const cm = named[0];
  const at = (fieldPath: ReadonlyArray<string | number>) => cm.lineOf?.(fieldPath) ?? cm.line;
  const data = (cm.value as Record<string, unknown>).data;
  if (data === undefined || data === null) return [];
  if (!isPlainObject(data)) {
    throw new InputError(cm.file, at(['data']), `argocd-cm: data is ${Array.isArray(data) ? 'a list' : `a ${typeof data}`}, not a map of strings`,
      'write data as a map of keys to strings, as kubectl prints it');
  }
  for (const [key, value] of Object.entries(data)) {
    if (isResourceCustomizationKey(key) && typeof value !== 'string' && value !== null) {
      throw new InputError(cm.file, at(['data', key]), `argocd-cm: ${key} is ${Array.isArray(value) ? 'a list' : `a ${typeof value}`}, not a string (a ConfigMap's data holds strings only)`,
        typeof value === 'object' ? 'write the value as a block string (key: |) holding its text' : `quote the value: ${key}: "${String(value)}"`);
    }
  }
  try {
    return healthScripts(data as Record<string, unknown>, blockYaml);
  } catch (e) {
    if (!(e instanceof ArgocdCmKeyError)) throw e;
    throw new InputError(cm.file, at(['data', e.key]), `argocd-cm: ${e.message.split('\n')[0]}`, 'fix the key as Argo CD would need it');
  }
}

/** The `resource.customizations` block's YAML; a syntax error says where in the block it is. */
function blockYaml(text: string): unknown {
  try {
    return parse(text, { prettyErrors: false });
  } catch (e) {
    const at = (e as YAMLParseError).pos?.[0];
    const where = at === undefined ? '' : ` (line ${lineAt(text, at)} of the block)`;
    throw new Error(`${(e as Error).message.split('\n')[0]}${where}`);
  }
}

/** The name of a ConfigMap read (an object, filtered so above): '' when it has none. */
function nameOf(cm: { readonly value: unknown }): string {
  return metadataString(cm.value as Record<string, unknown>, 'name');
}

/** The scripts as the health override of live objects: a script's result, or undefined when none applies. */
export function argocdCmOverride(scripts: readonly HealthScript[]): HealthOverride {
  return (obj: LiveObject) => {
    const script = healthScriptFor(scripts, groupOf(typeof obj.apiVersion === 'string' ? obj.apiVersion : ''), String(obj.kind ?? ''));
    if (!script) return undefined;
    const h = runHealthLua(script.script, obj, script.useOpenLibs);
    return { status: h.status as HealthStatusCode, message: h.message };
  };
}

/**
 * What the rules read of argocd-cm: the Application health script found as Argo CD finds it (either
 * form, exact key before wildcards), and every health script it holds.
 */
export function argocdCmOf(scripts: readonly HealthScript[]): ArgocdCm {
  const script = healthScriptFor(scripts, 'argoproj.io', 'Application');
  return { ...(script ? { applicationHealth: script.script } : {}), healthScripts: scripts };
}
