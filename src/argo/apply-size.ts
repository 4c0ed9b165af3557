/**
 * Whether the API server rejects an object applied client-side for its size. Argo CD's default
 * `kubectl apply` copies the whole object as JSON into `kubectl.kubernetes.io/last-applied-configuration`,
 * and Kubernetes allows 256 KiB for all annotations of an object (`TotalAnnotationSizeLimitB`).
 * Server-side apply and `Replace=true` (create, replace, or the update of a CRD or Namespace) write no such
 * annotation: `apply-method.ts` decides which call Argo CD makes. Measured as JavaScript writes the JSON, never
 * longer than Go's (which also escapes `<`, `>`, `&`): an object reported is over the limit for certain.
 */
import { applyDecision, writesLastApplied } from './apply-method';

export const ANNOTATIONS_LIMIT_BYTES = 256 * 1024;

/**
 * Bytes of the object as JSON when a client-side apply of it fails for its size, else undefined. `live`: the object
 * in the cluster, whose `Replace=true` annotation counts too.
 */
export function clientSideApplyOverflow(object: Record<string, unknown>, appSyncOptions: readonly string[],
  live?: Record<string, unknown>): number | undefined {
  if (!writesLastApplied(applyDecision(object, { appSyncOptions, ...(live ? { live } : {}) }).method)) return undefined;
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
