/** The hooks of an app, as Argo CD reads them, for the hook rules (read once per manifest). */
import type { RuleContext } from './types';
import { readHook, HookRead } from '../argo/hooks';
import type { Manifest } from '../argo/types';

export interface HookManifest {
  readonly manifest: Manifest;
  readonly hook: HookRead;
}

const reads = new WeakMap<Manifest, HookRead>();
const hooks = new WeakMap<RuleContext, HookManifest[]>();

/** `readHook`, memoised: a dozen rules ask about the same objects. */
export function hookRead(manifest: Manifest): HookRead {
  let read = reads.get(manifest);
  if (!read) {
    read = readHook(manifest.object);
    reads.set(manifest, read);
  }
  return read;
}

/** Objects Argo CD runs as hooks (sync or deletion hooks), whether or not this sync skips them. */
export function hooksOf(ctx: RuleContext): readonly HookManifest[] {
  let out = hooks.get(ctx);
  if (!out) {
    out = [];
    for (const manifest of ctx.manifests) {
      const hook = hookRead(manifest);
      if (hook.isHook && !hook.ignored) out.push({ manifest, hook });
    }
    hooks.set(ctx, out);
  }
  return out;
}

/** The hook's phases for messages: `PreSync`, `PreSync,PostSync`, `PostDelete`. */
export function hookLabel(hook: HookRead): string {
  return [...hook.phases, ...hook.deletionTypes].join(',');
}
