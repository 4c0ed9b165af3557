/**
 * `--argocd-cm FILE`: the user's argocd-cm ConfigMap, read once for every command that takes it.
 * Its health scripts are health checks (`argo/health.ts` `hasHealthCheck`: what a wave waits for,
 * in lint, plan, simulate, report, diagram and explain alike), the health override Argo CD applies
 * before its Go checks (the scripts run in a Lua VM, `argo/lua.ts`), and what the rules read of it.
 */
import { parse } from 'yaml';
import { InputError } from './errors';
import { readValues } from './read-object';
import { healthScriptFor, healthScripts } from '../argo/argocd-cm';
import type { HealthScript } from '../argo/argocd-cm';
import { groupOf } from '../argo/keys';
import type { HealthOverride, LiveObject } from '../argo/live-health';
import type { HealthStatusCode } from '../argo/live-health/types';
import { runHealthLua } from '../argo/lua';
import type { ArgocdCm } from '../rules/types';

/**
 * The health scripts of the argocd-cm ConfigMap in `path`, as Argo CD finds them (either form).
 * @throws InputError naming the file and line: no ConfigMap in it, or a key Argo CD cannot read
 */
export function readHealthScripts(path: string): HealthScript[] {
  const values = readValues(path);
  const cm = values.find(v => (v.value as Record<string, unknown>)?.kind === 'ConfigMap');
  if (!cm) {
    throw new InputError(values[0].file, values[0].line, 'no ConfigMap in the file',
      'pass the argocd-cm ConfigMap, not a file that holds no ConfigMap: kubectl -n argocd get configmap argocd-cm -o yaml');
  }
  const data = (cm.value as Record<string, unknown>).data;
  try {
    return healthScripts(data !== null && typeof data === 'object' ? data as Record<string, unknown> : {}, (t) => parse(t));
  } catch (e) {
    throw new InputError(cm.file, cm.line, `argocd-cm: ${(e as Error).message.split('\n')[0]}`, 'fix the key as Argo CD would need it');
  }
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
