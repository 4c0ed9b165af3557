#!/usr/bin/env node
/**
 * The installed `syncplan` (the package's `bin`): loads the bundled CLI beside it, from V8's code
 * cache when the build wrote one for this Node (`code-cache.ts`). Worker threads run this file too.
 */
import { launch } from './code-cache';

launch(__dirname);
