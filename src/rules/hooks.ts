/** The hooks of an app, as Argo CD reads them, for the hook rules. */
import type { RuleContext } from './types';
import { readHook, HookRead } from '../argo/hooks';
import type { Manifest } from '../argo/types';

export interface HookManifest {
  readonly manifest: Manifest;
  readonly hook: HookRead;
}

/** Objects Argo CD runs as hooks (sync or deletion hooks), whether or not this sync skips them. */
export function hooksOf(ctx: RuleContext): HookManifest[] {
  const out: HookManifest[] = [];
  for (const manifest of ctx.manifests) {
    const hook = readHook(manifest.object);
    if (hook.isHook && !hook.ignored) out.push({ manifest, hook });
  }
  return out;
}

/** The hook's phases for messages: `PreSync`, `PreSync,PostSync`, `PostDelete`. */
export function hookLabel(hook: HookRead): string {
  return [...hook.phases, ...hook.deletionTypes].join(',');
}
