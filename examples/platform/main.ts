/**
 * `npx cdk8s synth` in this folder runs this (see its cdk8s.yaml) and writes both variants:
 * dist/platform/app-of-apps/ and dist/platform/application-set/ (each one App: its charts and the parent).
 */
import { join } from 'path';
import { App } from 'cdk8s';
import { appOfApps } from './app-of-apps';
import { applicationSet } from './application-set';

const out = process.env.CDK8S_OUTDIR ?? 'dist';
try {
  // The Applications' `path` is where each folder is committed in the repository.
  appOfApps(new App({ outdir: join(out, 'app-of-apps') }), 'dist/platform/app-of-apps').app.synth();
  const set = new App({ outdir: join(out, 'application-set') });
  applicationSet(set, 'dist/platform/application-set');
  set.synth();
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
