/**
 * What the bundled CLI gets for `node:child_process` (esbuild's alias, see .projenrc.ts): Node's
 * module, loaded when first used. Only commander asks for it by that name, at its top, to spawn
 * executable subcommands, which syncplan has none of; syncplan's own `child_process` (watch's
 * commands) is required as it is. Loading child_process (and net and dgram with it) cost every
 * start ~1.4 ms on Node 24 (2-core AMD EPYC, `node -e 0` 21 ms), ~3% of a small plan.
 */
/* eslint-disable @typescript-eslint/no-require-imports */

const load = (): Record<string | symbol, unknown> => require('child_process');

// Every property read from Node's module at the time it is read: what commander uses today
// (`spawn`) and whatever a later version uses.
export = new Proxy({}, {
  get: (_target, key) => load()[key],
  has: (_target, key) => key in load(),
  ownKeys: () => Reflect.ownKeys(load()),
  getOwnPropertyDescriptor: (_target, key) => {
    const d = Reflect.getOwnPropertyDescriptor(load(), key);
    return d && { ...d, configurable: true };
  },
});
