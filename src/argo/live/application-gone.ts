/**
 * Whether what a reading of an Application said means the Application no longer exists, in the
 * words of each way `syncplan watch` reads it:
 * - kubectl: `Error from server (NotFound): applications.argoproj.io "shop" not found`;
 * - the argocd CLI and Argo CD's API: since CVE-2022-41354 the API answers `PermissionDenied`
 *   ("permission denied") for an Application that does not exist, unless the request names its
 *   project (`server/application/application.go` `getAppEnforceRBAC`), and only then `NotFound`;
 *   the argocd CLI itself reads both codes as "does not exist" (`argocd app create`). Printed by the
 *   CLI as `rpc error: code = PermissionDenied desc = permission denied`, by the API's HTTP gateway
 *   (grpc-gateway v1) as a JSON body `{"error": ..., "code": 7, "message": ...}`, HTTP 403 or 404.
 * Asked only while a deletion is being watched, after readings that worked: there an answer that the
 * Application is not there, or may not be read, is the end of the deletion.
 */

/** gRPC codes (`google.golang.org/grpc/codes`): NotFound, PermissionDenied. */
const GONE_CODES = new Set([5, 7]);

/** The first line of what a failed reading printed (stderr, else stdout). */
export function goneByError(output: string): boolean {
  return /\(NotFound\)/.test(output) // kubectl
    || /\bcode = (NotFound|PermissionDenied)\b/.test(output) // the argocd CLI
    || /\breturned error: 40[34]\b/.test(output); // curl --fail against the API
}

/** What a reading that worked printed, when it is the API's error body for a gone Application instead of one. */
export function goneByBody(read: unknown): boolean {
  if (read === null || typeof read !== 'object' || Array.isArray(read)) return false;
  const { code, message, metadata } = read as Record<string, unknown>;
  return metadata === undefined && typeof code === 'number' && GONE_CODES.has(code) && typeof message === 'string';
}
