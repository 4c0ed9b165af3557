/**
 * The health scripts of a user's `argocd-cm` ConfigMap, found as Argo CD finds them
 * (`util/settings/settings.go` `GetResourceOverrides`, `util/lua/lua.go` `GetHealthScript`): the
 * `resource.customizations` YAML block (`<group/kind>: {health.lua, health.lua.useOpenLibs}`), then
 * the split keys `resource.customizations.health.<group_kind>` and
 * `resource.customizations.useOpenLibs.<group_kind>` (`group_Kind`, or `Kind` for the core group).
 * Lookup: the exact `group/kind` key, then a wildcard key (`*`).
 */
import { compareBytes } from './sort';

export interface HealthScript {
  readonly key: string;
  readonly script: string;
  readonly useOpenLibs: boolean;
}

const PREFIX = 'resource.customizations';

/**
 * The name Argo CD reads its settings from, in its own namespace (`common/common.go`
 * `ArgoCDConfigMapName`): any other ConfigMap, however alike, is not read.
 */
export const ARGOCD_CM_NAME = 'argocd-cm';

/** A `data` key of argocd-cm that Argo CD cannot read: `key` is the key at fault, as written in `data`. */
export class ArgocdCmKeyError extends Error {
  constructor(readonly key: string, message: string) {
    super(message);
    this.name = 'ArgocdCmKeyError';
  }
}

/** Whether a `data` key of argocd-cm is one the health scripts are read from (either form). */
export function isResourceCustomizationKey(key: string): boolean {
  return key.startsWith(PREFIX);
}

/** `cert-manager.io_Certificate` → `cert-manager.io/Certificate`; `all` → `*\/*`. */
export function overrideKey(groupKind: string): string {
  const parts = groupKind.split('_');
  if (parts.length === 2) return `${parts[0]}/${parts[1]}`;
  if (parts.length === 1 && groupKind !== '') return groupKind === 'all' ? '*/*' : groupKind;
  throw new Error(`group kind should be in format resource.customizations.<type>.<group_kind> or resource.customizations.<type>.<kind>, got group kind: '${groupKind}'`);
}

/**
 * The health scripts in a ConfigMap's `data`.
 * @param parseYaml parses the `resource.customizations` block (the caller owns the YAML parser)
 * @throws ArgocdCmKeyError naming the key that is malformed
 */
export function healthScripts(data: Readonly<Record<string, unknown>>, parseYaml: (text: string) => unknown): HealthScript[] {
  const byKey = new Map<string, { script: string; useOpenLibs: boolean }>();
  const block = data[PREFIX];
  if (typeof block === 'string' && block.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = parseYaml(block);
    } catch (e) {
      throw new ArgocdCmKeyError(PREFIX, `${PREFIX}: not valid YAML: ${(e as Error).message.split('\n')[0].replace(/:\s*$/, '')}`);
    }
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
        const v = (value ?? {}) as Record<string, unknown>;
        byKey.set(key, { script: typeof v['health.lua'] === 'string' ? v['health.lua'] as string : '', useOpenLibs: v['health.lua.useOpenLibs'] === true });
      }
    } else {
      throw new ArgocdCmKeyError(PREFIX, `${PREFIX}: expected a map of group/kind to health.lua`);
    }
  }
  for (const k of Object.keys(data).sort()) {
    if (!k.startsWith(PREFIX)) continue;
    const parts = k.split('.');
    if (parts.length < 4) continue;
    const type = parts[2];
    let key: string;
    try {
      key = overrideKey(parts.slice(3).join('.'));
    } catch (e) {
      throw new ArgocdCmKeyError(k, (e as Error).message);
    }
    const value = data[k];
    const entry = byKey.get(key) ?? { script: '', useOpenLibs: false };
    if (type === 'health') {
      entry.script = typeof value === 'string' ? value : '';
    } else if (type === 'useOpenLibs') {
      if (!/^(1|t|T|TRUE|true|True|0|f|F|FALSE|false|False)$/.test(String(value))) throw new ArgocdCmKeyError(k, `${k}: expected true or false, got ${JSON.stringify(value)}`);
      entry.useOpenLibs = /^(1|t|T|TRUE|true|True)$/.test(String(value));
    }
    byKey.set(key, entry);
  }
  return [...byKey.entries()].filter(([, v]) => v.script !== '').map(([key, v]) => ({ key, ...v })).sort((a, b) => compareBytes(a.key, b.key));
}

function globMatch(pattern: string, text: string): boolean {
  const re = new RegExp(`^${pattern.split('*').map(p => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return re.test(text);
}

/** The script for a group/kind: exact key first, then the first wildcard key that matches (sorted, so deterministic). */
export function healthScriptFor(scripts: readonly HealthScript[], group: string, kind: string): HealthScript | undefined {
  const key = group === '' ? kind : `${group}/${kind}`;
  return scripts.find(s => s.key === key) ?? scripts.find(s => s.key.includes('*') && globMatch(s.key, key));
}
