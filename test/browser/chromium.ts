/**
 * Debian's headless Chromium, as every browser test starts it (`scripts/ensure-chromium.sh`
 * installs it before the suite runs).
 */
import { existsSync } from 'fs';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];

/** Starts Chromium; a missing binary fails with the command that installs it. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium)`);
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30_000 });
}
