#!/usr/bin/env node
/**
 * The installed `syncplan`: the compile step bundles this file with everything it requires into
 * `lib/cli/syncplan.js` (esbuild, see .projenrc.ts), so start-up reads one file instead of
 * resolving and reading ~170 modules. The same code as `node lib/cli/main.js`.
 */
import { run } from './main';

run();
