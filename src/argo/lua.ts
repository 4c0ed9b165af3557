/**
 * Runs an Argo CD health script (`health.lua`: reads the global `obj`, returns a table with `status`
 * and `message`) in a real Lua VM, fengari (Lua 5.3 in plain JS; Argo CD runs gopher-lua, Lua 5.1, so
 * scripts stay in the common subset). `CD/util/lua/lua.go` `ExecuteHealthLua` is the model: a script
 * error or a result without a valid status is an error, as Argo CD reports it (health Unknown).
 */

/** The part of fengari's C-like API used here (fengari ships no TypeScript types). */
interface Fengari {
  readonly lua: Record<string, any>;
  readonly lauxlib: Record<string, any>;
  readonly lualib: Record<string, any>;
  to_luastring(s: string): Uint8Array;
  to_jsstring(s: Uint8Array): string;
}
// Loaded on first use: the CLI starts without it.
let vm: Fengari | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fengari = (): Fengari => (vm ??= require('fengari') as Fengari);

/** What a health script returned. */
export interface LuaHealth {
  readonly status: string;
  readonly message: string;
}

/** The statuses a health script may return (`GE/health/health.go` `HealthStatusCode`). */
export const LUA_HEALTH_STATUSES: readonly string[] = ['Healthy', 'Progressing', 'Degraded', 'Suspended', 'Missing', 'Unknown'];

/** Runs `script` with `obj` as the global `obj`; throws with the Lua error on a script error. */
export function runHealthLua(script: string, obj: unknown): LuaHealth {
  const { lua, lauxlib, lualib, to_luastring, to_jsstring } = fengari();
  const L = lauxlib.luaL_newstate();
  lualib.luaL_openlibs(L);
  pushValue(L, obj);
  lua.lua_setglobal(L, to_luastring('obj'));
  if (lauxlib.luaL_loadstring(L, to_luastring(script)) !== lua.LUA_OK || lua.lua_pcall(L, 0, 1, 0) !== lua.LUA_OK) {
    throw new Error(`health script failed: ${to_jsstring(lua.lua_tostring(L, -1))}`);
  }
  if (lua.lua_type(L, -1) !== lua.LUA_TTABLE) throw new Error('health script returned no table');
  const field = (name: string): string => {
    lua.lua_getfield(L, -1, to_luastring(name));
    const v = lua.lua_type(L, -1) === lua.LUA_TSTRING ? to_jsstring(lua.lua_tostring(L, -1)) : '';
    lua.lua_pop(L, 1);
    return v;
  };
  const status = field('status');
  if (!LUA_HEALTH_STATUSES.includes(status)) throw new Error(`health script returned status ${JSON.stringify(status)}`);
  return { status, message: field('message') };
}

/** JSON → Lua as gopher-lua's decoder does: objects and arrays become tables (arrays 1-based). */
function pushValue(L: unknown, v: unknown): void {
  const { lua, to_luastring } = fengari();
  if (v === null || v === undefined) {lua.lua_pushnil(L);} else if (typeof v === 'boolean') {lua.lua_pushboolean(L, v);} else if (typeof v === 'number') {lua.lua_pushnumber(L, v);} else if (typeof v === 'string') {lua.lua_pushstring(L, to_luastring(v));} else if (Array.isArray(v)) {
    lua.lua_createtable(L, v.length, 0);
    v.forEach((item, i) => {
      pushValue(L, item);
      lua.lua_rawseti(L, -2, i + 1);
    });
  } else {
    lua.lua_newtable(L);
    for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
      pushValue(L, item);
      lua.lua_setfield(L, -2, to_luastring(k));
    }
  }
}
