/**
 * Where sync options are written in an app's manifests, for the rules that judge each option: the
 * `argocd.argoproj.io/sync-options` annotation of any object (resource options), and the
 * `spec.syncPolicy.syncOptions` of a child Application, or of the Applications an ApplicationSet's
 * template makes (the Application's options, read by the child's own sync).
 */
import { groupOf, obj } from './objects';
import type { RuleContext } from './types';
import { ANNOTATION_SYNC_OPTIONS } from '../argo/annotations';
import { applicationSyncOptionItems } from '../argo/application';
import { syncOptionsOf } from '../argo/sync-options';
import type { Manifest } from '../argo/types';

export interface SyncOptionSite {
  readonly manifest: Manifest;
  readonly option: string;
  /** `resource`: an annotation; `app`: an Application's syncOptions. */
  readonly where: 'resource' | 'app';
  readonly path: ReadonlyArray<string | number>;
}

/** Every sync option of the app, annotations first, then the Applications' and ApplicationSet templates' lists. */
export function syncOptionSites(ctx: RuleContext): SyncOptionSite[] {
  const out: SyncOptionSite[] = [];
  const annotation = ['metadata', 'annotations', ANNOTATION_SYNC_OPTIONS];
  for (const manifest of ctx.withAnnotation(ANNOTATION_SYNC_OPTIONS)) {
    for (const option of syncOptionsOf(manifest.object)) out.push({ manifest, option, where: 'resource', path: annotation });
  }
  const lists: Array<[string, (m: Manifest) => Record<string, unknown> | undefined, ReadonlyArray<string | number>]> = [
    ['Application', (m) => m.object, ['spec', 'syncPolicy', 'syncOptions']],
    ['ApplicationSet', (m) => obj(obj(m.object.spec)?.template), ['spec', 'template', 'spec', 'syncPolicy', 'syncOptions']],
  ];
  for (const [kind, app, path] of lists) {
    for (const manifest of ctx.manifestsOfKind(kind)) {
      const spec = groupOf(manifest) === 'argoproj.io' ? app(manifest) : undefined;
      if (!spec) continue;
      applicationSyncOptionItems(spec).forEach((option, i) => {
        if (typeof option === 'string') out.push({ manifest, option, where: 'app', path: [...path, i] });
      });
    }
  }
  return out;
}
