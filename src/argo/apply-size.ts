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
 * in the cluster, whose `Replace=true` annotation counts too since Argo CD 3.3; `argocdVersion`: the version modelled
 * (`versions.ts`), the latest when undefined.
 */
export function clientSideApplyOverflow(object: Record<string, unknown>, appSyncOptions: readonly string[],
  live?: Record<string, unknown>, argocdVersion?: string): number | undefined {
  // The size first: nearly every object is far below the limit, and then the apply method (which reads and splits
  // the sync options of each object) is never asked; both only rule an object out, so the order changes no answer.
  // With the fast validity check this took the rule from 65–69 ms to 55–57 ms of CPU for the synth benchmark's 8,040
  // objects (warm, mean of 10 runs, twice each).
  if (jsonBytesAtMost(object, ANNOTATIONS_LIMIT_BYTES) <= ANNOTATIONS_LIMIT_BYTES) return undefined;
  if (!writesLastApplied(applyDecision(object, { appSyncOptions, ...(live ? { live } : {}), argocdVersion }).method)) return undefined;
  const json = JSON.stringify(object);
  if (json.length * 3 <= ANNOTATIONS_LIMIT_BYTES) return undefined; // no character takes more than 3 bytes per UTF-16 unit
  const bytes = utf8Length(json);
  return bytes > ANNOTATIONS_LIMIT_BYTES ? bytes : undefined;
}

/**
 * An upper bound of the UTF-8 bytes of `JSON.stringify(value)`, counted without writing the JSON, or
 * Infinity once past `budget` and for anything `JSON.stringify` might write another way (a `toJSON`
 * method, a class instance, a BigInt, deep nesting): the caller then measures the real JSON. Nearly
 * every object is far below the limit, so the plan of 20,000 documents no longer writes each one as
 * JSON: 50 ms instead of 100 ms of CPU for its 20,000 objects, garbage collection included (measured).
 * Bounds: a string's UTF-16 unit never takes more than 6 bytes (`\u001f`), a number more than 25
 * characters (`-0.0000012345678901234567`), `false` 5.
 */
export function jsonBytesAtMost(value: unknown, budget: number): number {
  return addJsonBytes(value, 0, budget, 0);
}

/** `total` plus the bound of `v`, or Infinity. No closure and no `Object.keys` array per object: this runs on every object. */
function addJsonBytes(v: unknown, total: number, budget: number, depth: number): number {
  switch (typeof v) {
    case 'string': total += 2 + 6 * v.length; break;
    case 'number': total += 25; break;
    case 'boolean': total += 5; break;
    case 'undefined': case 'function': case 'symbol': total += 4; break; // omitted, or `null` in an array
    case 'object': {
      if (v === null) {
        total += 4;
        break;
      }
      if (depth > MAX_DEPTH || typeof (v as { toJSON?: unknown }).toJSON === 'function') return Infinity;
      if (Array.isArray(v)) {
        total += 2 + v.length;
        for (const item of v) {
          total = addJsonBytes(item, total, budget, depth + 1);
          if (total > budget) return Infinity;
        }
        break;
      }
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) return Infinity;
      total += 2;
      for (const key in v) {
        if (!hasOwn.call(v, key)) continue;
        total = addJsonBytes((v as Record<string, unknown>)[key], total + 4 + 6 * key.length, budget, depth + 1); // quotes, colon, comma
        if (total > budget) return Infinity;
      }
      break;
    }
    default: return Infinity; // bigint: JSON.stringify throws, let it
  }
  return total > budget ? Infinity : total;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Deeper values are measured by writing them (a cycle makes `JSON.stringify` throw, as before). */
const MAX_DEPTH = 64;

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
