/**
 * Whether the API server rejects an object applied client-side for its size. Argo CD's default
 * `kubectl apply` copies the whole object as JSON into `kubectl.kubernetes.io/last-applied-configuration`,
 * and Kubernetes allows 256 KiB for all annotations of an object (`TotalAnnotationSizeLimitB`).
 * Server-side apply (`gitops-engine pkg/sync/sync_context.go` `shouldUseServerSideApply`) and `Replace=true`
 * write no such annotation. Measured as JavaScript writes the JSON, never longer than Go's (which
 * also escapes `<`, `>`, `&`): an object reported is over the limit for certain.
 */
import { syncOptionsOf } from './sync-options';

export const ANNOTATIONS_LIMIT_BYTES = 256 * 1024;

/** Bytes of the object as JSON when a client-side apply of it fails for its size, else undefined. */
export function clientSideApplyOverflow(object: Record<string, unknown>, appSyncOptions: readonly string[]): number | undefined {
  const own = syncOptionsOf(object); // read once: this runs on every object of every synth
  if (appSyncOptions.includes('Replace=true') || own.includes('Replace=true')) return undefined;
  const serverSide = !own.includes('ServerSideApply=false')
    && (appSyncOptions.includes('ServerSideApply=true') || own.includes('ServerSideApply=true'));
  if (serverSide) return undefined;
  const json = JSON.stringify(object);
  if (json.length * 3 <= ANNOTATIONS_LIMIT_BYTES) return undefined; // no character takes more than 3 bytes per UTF-16 unit
  const bytes = utf8Length(json);
  return bytes > ANNOTATIONS_LIMIT_BYTES ? bytes : undefined;
}

/** UTF-8 byte length without Node's Buffer (this floor is plain TypeScript). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {bytes += 1;} else if (c < 0x800) {bytes += 2;} else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4; // a surrogate pair: one code point above U+FFFF
      i++;
    } else {bytes += 3;}
  }
  return bytes;
}

/** The API server's words for it, as kubectl prints them. */
export function annotationsTooLongError(group: string, kind: string, name: string): string {
  return `${kind}${group ? `.${group}` : ''} "${name}" is invalid: metadata.annotations: Too long: may not be more than ${ANNOTATIONS_LIMIT_BYTES} bytes`;
}
