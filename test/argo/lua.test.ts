/**
 * The Lua runner against Argo CD's rules for health scripts (`util/lua/lua.go` `ExecuteHealthLua`,
 * `util/lua/lua_test.go`, test names in the titles). Scripts written here.
 */
import { INVALID_HEALTH_STATUS, NO_STATUS, runHealthLua } from '../../src/argo/lua';

const cert = (ready: string) => ({ apiVersion: 'cert-manager.io/v1', kind: 'Certificate', metadata: { name: 'c' }, status: { conditions: [{ type: 'Ready', status: ready, message: `ready is ${ready}` }] } });
const SCRIPT = `
hs = { status = "Progressing", message = "waiting" }
if obj.status ~= nil and obj.status.conditions ~= nil then
  for i, c in ipairs(obj.status.conditions) do
    if c.type == "Ready" and c.status == "True" then hs.status = "Healthy"; hs.message = c.message end
  end
end
return hs`;

test('TestExecuteNewHealthStatusFunction: obj is the object; status and message come back', () => {
  expect(runHealthLua(SCRIPT, cert('True'))).toEqual({ status: 'Healthy', message: 'ready is True' });
  expect(runHealthLua(SCRIPT, cert('False'))).toEqual({ status: 'Progressing', message: 'waiting' });
});

test('TestInvalidHealthStatusStatus: a status outside Argo CD\'s codes → Unknown', () => {
  expect(runHealthLua('return { status = "Fine" }', {})).toEqual({ status: 'Unknown', message: INVALID_HEALTH_STATUS });
  expect(runHealthLua('return { message = "no status" }', {})).toEqual({ status: 'Unknown', message: INVALID_HEALTH_STATUS });
});

test('a runtime or syntax error → Unknown with the error (as GetResourceHealth turns it)', () => {
  const r = runHealthLua('error("boom")', {});
  expect(r.status).toBe('Unknown');
  expect(r.message).toMatch(/boom/);
  expect(runHealthLua('return {', {}).status).toBe('Unknown');
  expect(runHealthLua('return obj.status.missing.field', {}).status).toBe('Unknown');
});

test('TestFailLuaReturnNonTable: a non-table result → Unknown "expect table output"', () => {
  expect(runHealthLua('return 3', {})).toEqual({ status: 'Unknown', message: 'expect table output from Lua script, not number' });
});

test('numbers read as gopher-lua prints them: integers without ".0"', () => {
  expect(runHealthLua('return { status = "Progressing", message = "replicas " .. obj.spec.replicas }', { spec: { replicas: 3 } }).message).toBe('replicas 3');
});

test('TestFailExternalLibCall: without useOpenLibs only base, table and a safe os are there; with it, string too', () => {
  expect(runHealthLua('return { status = "Healthy", message = tostring(os.time() > 0) .. tostring(os.execute) }', {})).toEqual({ status: 'Healthy', message: 'truenil' });
  expect(runHealthLua('os.getenv("HOME")', {}).status).toBe('Unknown');
  expect(runHealthLua('return { status = "Healthy", message = string.upper("x") }', {}).status).toBe('Unknown');
  expect(runHealthLua('return { status = "Healthy", message = string.upper("x") }', {}, true)).toEqual({ status: 'Healthy', message: 'X' });
});

test('TestHandleInfiniteLoop: a script that never returns is stopped after its budget → Unknown', () => {
  const r = runHealthLua('while true do end', {});
  expect(r).toEqual({ status: 'Unknown', message: expect.stringMatching(/deadline exceeded/) });
});

test('TestNoReturnHealthStatusStatus / TestNilHealthStatusStatus / TestEmptyHealthStatusStatus: no status, never Healthy', () => {
  for (const script of ['local h = {}\nreturn', 'return nil', 'local h = {}\nreturn h']) {
    expect(runHealthLua(script, {})).toEqual({ status: 'Unknown', message: NO_STATUS });
  }
});
