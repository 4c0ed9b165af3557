/**
 * Runs an Argo CD health script in a real Lua VM (fengari, Lua 5.3 in pure JS), the way Argo CD's
 * `util/lua/lua.go` runs it in gopher-lua: the object as the global `obj`; only the base, table and
 * a safe os (`time`, `date`) libraries unless `useOpenLibs`; a 1 s budget; the returned table's
 * `status` and `message`. Every failure is Unknown with the error's message, as
 * `health.GetResourceHealth` turns a script error into Unknown; a status outside Argo CD's codes is
 * Unknown "Lua returned an invalid health status".
 */
/* eslint-disable @typescript-eslint/no-require-imports */

export interface LuaHealth {
  readonly status: string;
  readonly message: string;
}

const VALID = new Set(['Healthy', 'Progressing', 'Degraded', 'Suspended', 'Missing', 'Unknown']);
export const INVALID_HEALTH_STATUS = 'Lua returned an invalid health status';
const BUDGET_MS = 1000;
/**
 * A nil or empty result: Argo CD keeps an empty health status, which neither counts as Healthy nor
 * fails the task, so the sync keeps waiting; reported as Unknown with this message.
 */
export const NO_STATUS = 'the Lua script returned no health status (Argo CD keeps an empty status: never Healthy)';

interface Fengari {
  lua: any;
  lauxlib: any;
  lualib: any;
  to_luastring(s: string): Uint8Array;
  to_jsstring(s: Uint8Array): string;
}

let fengari: Fengari | undefined;
function vm(): Fengari {
  fengari ??= require('fengari') as Fengari;
  return fengari;
}

function push(f: Fengari, L: unknown, value: unknown, depth = 0): void {
  const { lua, to_luastring } = f;
  if (depth > 200) throw new Error('object nested too deeply for Lua');
  if (typeof value === 'boolean') {
    lua.lua_pushboolean(L, value);
  } else if (typeof value === 'number') {
    // gopher-lua (Lua 5.1) has one number type; integers stay integers so "x" .. 3 reads "x3" as there.
    if (Number.isSafeInteger(value)) lua.lua_pushinteger(L, value);
    else lua.lua_pushnumber(L, value);
  } else if (typeof value === 'string') {
    lua.lua_pushstring(L, to_luastring(value));
  } else if (Array.isArray(value)) {
    lua.lua_createtable(L, value.length, 0);
    value.forEach((v, i) => {
      push(f, L, v, depth + 1);
      lua.lua_rawseti(L, -2, i + 1);
    });
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    lua.lua_createtable(L, 0, entries.length);
    for (const [k, v] of entries) {
      push(f, L, v, depth + 1);
      lua.lua_setfield(L, -2, to_luastring(k));
    }
  } else {
    lua.lua_pushnil(L);
  }
}

function field(f: Fengari, L: unknown, name: string): unknown {
  const { lua, to_luastring } = f;
  const type = lua.lua_getfield(L, -1, to_luastring(name));
  let out: unknown;
  if (type === lua.LUA_TSTRING) out = f.to_jsstring(lua.lua_tostring(L, -1));
  else if (type === lua.LUA_TNIL) out = undefined;
  else out = { type: f.to_jsstring(lua.lua_typename(L, type)) };
  lua.lua_pop(L, 1);
  return out;
}

function openLibs(f: Fengari, L: unknown, all: boolean): void {
  const { lua, lauxlib, lualib, to_luastring } = f;
  if (all) {
    lualib.luaL_openlibs(L);
    return;
  }
  for (const [name, open] of [['_G', lualib.luaopen_base], [lualib.LUA_LOADLIBNAME, lualib.luaopen_package], [lualib.LUA_TABLIBNAME, lualib.luaopen_table], [lualib.LUA_OSLIBNAME, lualib.luaopen_os]] as const) {
    lauxlib.luaL_requiref(L, to_luastring(name), open, 1);
    lua.lua_pop(L, 1);
  }
  // Argo CD's safe os library: time and date only.
  lua.lua_getglobal(L, to_luastring('os'));
  lua.lua_createtable(L, 0, 2);
  for (const name of ['time', 'date']) {
    lua.lua_getfield(L, -2, to_luastring(name));
    lua.lua_setfield(L, -2, to_luastring(name));
  }
  lua.lua_setglobal(L, to_luastring('os'));
  lua.lua_pop(L, 1);
}

/** Runs `script` against `obj`; never throws. */
export function runHealthLua(script: string, obj: Record<string, unknown>, useOpenLibs = false): LuaHealth {
  const f = vm();
  const { lua, lauxlib, to_luastring } = f;
  const L = lauxlib.luaL_newstate();
  try {
    openLibs(f, L, useOpenLibs);
    push(f, L, obj);
    lua.lua_setglobal(L, to_luastring('obj'));
    const deadline = Date.now() + BUDGET_MS;
    lua.lua_sethook(L, (state: unknown) => {
      if (Date.now() > deadline) lauxlib.luaL_error(state, to_luastring('context deadline exceeded'));
    }, lua.LUA_MASKCOUNT, 1000);
    if (lauxlib.luaL_loadstring(L, to_luastring(script)) !== lua.LUA_OK || lua.lua_pcall(L, 0, 1, 0) !== lua.LUA_OK) {
      const msg = lua.lua_tostring(L, -1);
      return { status: 'Unknown', message: msg ? f.to_jsstring(msg) : 'the Lua script failed' };
    }
    const type = lua.lua_type(L, -1);
    if (type === lua.LUA_TNIL) return { status: 'Unknown', message: NO_STATUS };
    if (type !== lua.LUA_TTABLE) {
      return { status: 'Unknown', message: `expect table output from Lua script, not ${f.to_jsstring(lua.lua_typename(L, type))}` };
    }
    // An empty table encodes as a JSON array, which Argo CD reads as an empty health too.
    lua.lua_pushnil(L);
    if (lua.lua_next(L, -2) === 0) return { status: 'Unknown', message: NO_STATUS };
    lua.lua_pop(L, 2);
    const status = field(f, L, 'status');
    const message = field(f, L, 'message');
    if (typeof status !== 'string' || !VALID.has(status)) return { status: 'Unknown', message: INVALID_HEALTH_STATUS };
    return { status, message: typeof message === 'string' ? message : '' };
  } catch (e) {
    return { status: 'Unknown', message: (e as Error).message };
  } finally {
    lua.lua_close(L);
  }
}
