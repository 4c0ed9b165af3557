#!/usr/bin/env node
/**
 * The installed `syncplan` (the package's `bin`): loads the bundled CLI beside it, from V8's code
 * cache when the build wrote one for this Node (`code-cache.ts`), or, for `--version` and `--help`,
 * with Node's own compile cache (`light-start.ts`). Worker threads run this file too.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import { startLight } from './light-start';

// code-cache.js only when it is used: it loads what the light start exists to skip.
if (!startLight(__dirname)) (require('./code-cache') as typeof import('./code-cache')).launch(__dirname);
