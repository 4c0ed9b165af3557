/**
 * Writes the Application health check beside the synthesized manifests, as a merge patch of
 * `argocd-cm` that adds one key and leaves the others alone. Called when cdk8s renders the parent
 * chart for its output (an Application's Lazy; the read-back's render during validation writes
 * nothing, `isValidating`, and is not served to cdk8s's, `renderAgainForOutput`): cdk8s has
 * validated the whole App by then and writes the chart files right after, so a synth that fails
 * leaves no patch behind; there is no later hook in `App.synth`.
 */
import { mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';
import { App, Yaml } from 'cdk8s';
import { APPLICATION_HEALTH_KEY, APPLICATION_HEALTH_LUA } from '../argo/application-health';
import { SKIP_FILE_RENDERING_MARKER } from '../argo/directory-source';

export const HEALTH_PATCH_FILE = 'argocd-cm.application-health.patch.yaml';

/** The patch file's text (deterministic). */
export function healthPatchText(argoNamespace: string): string {
  return [
    `# ${SKIP_FILE_RENDERING_MARKER} (no Argo CD directory source reads this file)`,
    '# cdk8s-syncplan: the Application health check app-of-apps ordering needs. Apply it once, merged',
    '# into argocd-cm without touching its other keys:',
    `#   kubectl -n ${argoNamespace} patch configmap argocd-cm --type merge --patch-file ${HEALTH_PATCH_FILE}`,
    Yaml.stringify({ data: { [APPLICATION_HEALTH_KEY]: APPLICATION_HEALTH_LUA } }),
  ].join('\n');
}

/** Writes the patch into the App's outdir (same content on every call). */
export function ensureHealthPatch(app: App, argoNamespace: string): void {
  mkdirSync(app.outdir, { recursive: true });
  writeFileSync(join(app.outdir, HEALTH_PATCH_FILE), healthPatchText(argoNamespace));
}
