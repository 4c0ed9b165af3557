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
 * @throws Error naming the key that is malformed
 */
export function healthScripts(data: Readonly<Record<string, unknown>>, parseYaml: (text: string) => unknown): HealthScript[] {
  const byKey = new Map<string, { script: string; useOpenLibs: boolean }>();
  const block = data[PREFIX];
  if (typeof block === 'string' && block.trim() !== '') {
    const parsed = parseYaml(block);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
        const v = (value ?? {}) as Record<string, unknown>;
        byKey.set(key, { script: typeof v['health.lua'] === 'string' ? v['health.lua'] as string : '', useOpenLibs: v['health.lua.useOpenLibs'] === true });
      }
    } else {
      throw new Error(`${PREFIX}: expected a map of group/kind to health.lua`);
    }
  }
  for (const k of Object.keys(data).sort()) {
    if (!k.startsWith(PREFIX)) continue;
    const parts = k.split('.');
    if (parts.length < 4) continue;
    const type = parts[2];
    const key = overrideKey(parts.slice(3).join('.'));
    const value = data[k];
    const entry = byKey.get(key) ?? { script: '', useOpenLibs: false };
    if (type === 'health') {
      entry.script = typeof value === 'string' ? value : '';
    } else if (type === 'useOpenLibs') {
      if (!/^(1|t|T|TRUE|true|True|0|f|F|FALSE|false|False)$/.test(String(value))) throw new Error(`${k}: expected true or false, got ${JSON.stringify(value)}`);
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
