/** The hook annotations of an object, as Argo CD reads them, for the hook rules (read once per object). */
import { readHook, HookRead } from '../argo/hooks';
import type { Manifest } from '../argo/types';

const reads = new WeakMap<Manifest, HookRead>();

/** `readHook`, memoised: a dozen rules ask about the same objects. */
export function hookRead(manifest: Manifest): HookRead {
  let read = reads.get(manifest);
  if (!read) {
    read = readHook(manifest.object);
    reads.set(manifest, read);
  }
  return read;
}

/** The hook's phases for messages: `PreSync`, `PreSync,PostSync`, `PostDelete`. */
export function hookLabel(hook: HookRead): string {
  return [...hook.phases, ...hook.deletionTypes].join(',');
}
