/** The explain fixtures, read as the CLI reads them. */
import { readFileSync } from 'fs';
import { join } from 'path';
import { parseAllDocuments } from 'yaml';
import { readApplication } from '../../../src/argo/live/application';
import { explainApplication } from '../../../src/argo/live/explanation';
import type { Explanation } from '../../../src/argo/live/explanation';
import { ObservedHealthIndex } from '../../../src/argo/live/observed-health';
import type { HealthOverride } from '../../../src/argo/live-health';

export const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'explain');

/** The documents of a fixture, Lists expanded. */
export function fixture(name: string): any[] {
  const docs = parseAllDocuments(readFileSync(join(FIXTURES, name), 'utf8')).map(d => d.toJS());
  return docs.flatMap(d => (d && Array.isArray(d.items) ? d.items : [d]));
}

export function explainFixture(name: string, opts: { live?: string; now?: string; override?: HealthOverride } = {}): Explanation {
  const app = readApplication(fixture(name).find(d => d.kind === 'Application'));
  const live = opts.live ? { live: fixture(opts.live) } : {};
  const health = new ObservedHealthIndex({ app, ...live, ...(opts.override ? { override: opts.override } : {}) });
  return explainApplication({ app, health, now: Date.parse(opts.now ?? '2026-12-01T16:00:00Z') });
}
