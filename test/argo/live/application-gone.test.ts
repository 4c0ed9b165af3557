/**
 * What each way of reading an Application says once it is gone (src/argo/live/application-gone.ts):
 * kubectl's NotFound, the argocd CLI's and the API's PermissionDenied (CVE-2022-41354: the API's
 * answer for an Application that does not exist when the request names no project, after
 * argo-cd server/application/application.go getAppEnforceRBAC), and nothing else.
 */
import { goneByBody, goneByError } from '../../../src/argo/live/application-gone';

test.each([
  'Error from server (NotFound): applications.argoproj.io "shop" not found',
  'time="2026-12-04T05:00:00Z" level=fatal msg="rpc error: code = PermissionDenied desc = permission denied"',
  'FATA[0000] rpc error: code = NotFound desc = applications.argoproj.io "shop" not found',
  'curl: (22) The requested URL returned error: 403',
  'curl: (22) The requested URL returned error: 404',
])('gone: %s', (output) => {
  expect(goneByError(output)).toBe(true);
});

test.each([
  'sh: 1: kubectl: not found',
  'Error from server (Forbidden): applications.argoproj.io "shop" is forbidden: User "ci" cannot get resource "applications"',
  'error: You must be logged in to the server (Unauthorized)',
  'FATA[0000] rpc error: code = Unauthenticated desc = invalid session: token has invalid claims: token is expired',
  'curl: (22) The requested URL returned error: 500',
  'curl: (6) Could not resolve host: argocd.example.com',
])('not gone: %s', (output) => {
  expect(goneByError(output)).toBe(false);
});

test('the API\'s error body for a gone Application (grpc-gateway: code 5 or 7), not an Application or another error', () => {
  expect(goneByBody({ error: 'permission denied', code: 7, message: 'permission denied' })).toBe(true);
  expect(goneByBody({ error: 'applications.argoproj.io "shop" not found', code: 5, message: 'applications.argoproj.io "shop" not found' })).toBe(true);
  expect(goneByBody({ error: 'invalid session', code: 16, message: 'invalid session' })).toBe(false);
  expect(goneByBody({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: { name: 'shop' }, code: 7, message: 'x' })).toBe(false);
  expect(goneByBody([{ code: 7, message: 'x' }])).toBe(false);
  expect(goneByBody(null)).toBe(false);
});
