/** The hook annotations of an object, as Argo CD reads them, for the hook rules (read once per object). */
import { readHook, HookRead } from '../argo/hooks';
import type { Manifest } from '../argo/types';

const reads = new WeakMap<Manifest, { readonly version: string | undefined; readonly read: HookRead }>();

/**
 * `readHook` for Argo CD `argocdVersion` (@default the latest modelled), memoised: a dozen rules ask
 * about the same objects. The version is kept with the read: it decides whether a null annotation
 * value hides the hook annotations (`annotations.ts` `readAnnotations`).
 */
export function hookRead(manifest: Manifest, argocdVersion?: string): HookRead {
  const memo = reads.get(manifest);
  if (memo !== undefined && memo.version === argocdVersion) return memo.read;
  const read = readHook(manifest.object, argocdVersion);
  reads.set(manifest, { version: argocdVersion, read });
  return read;
}

/** The hook's phases for messages: `PreSync`, `PreSync,PostSync`, `PostDelete`. */
export function hookLabel(hook: HookRead): string {
  return [...hook.phases, ...hook.deletionTypes].join(',');
}
