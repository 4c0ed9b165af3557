import { isPlainObject } from '../../argo/annotations';
import { labelTrackingModelled, nonStringLabelEffect, nonStringLabels } from '../../argo/non-string-label';
import { apiServerAccepts, apiServerFieldErrors, invalidObjectMessage } from '../../argo/object-validity';
import type { FieldError } from '../../argo/object-validity';
import type { Manifest } from '../../argo/types';
import { firstApplyTasks } from '../applied-objects';
import { quote } from '../quote';
import type { Hit, Rule, RuleContext } from '../types';

/**
 * What the API server rejects in the object itself (`src/argo/object-validity.ts`: names, the
 * namespace, label keys and values, annotation keys, container names of a pod template). Argo CD's
 * dry run is client-side and passes it; the wet apply of its step fails, with the API server's
 * message as the object's result (argo-cd e2e `TestSyncWithCreateNamespaceAndDryRunError`), and the
 * sync fails there. Checked once per object and name Argo CD applies (a hook's generated name too).
 *
 * With label tracking (`label`, `annotation+label`) a label value that is not a string, null
 * included, never reaches the API server: the repo server fails to render the whole Application
 * (src/argo/non-string-label.ts), for every object it renders, hooks and skipped ones included.
 */
export const objectInvalid: Rule = {
  id: 'object-invalid',
  defaultLevel: 'error',
  title: 'An object the API server rejects (name, labels, annotation keys, container names)',
  check(ctx) {
    const hits: Hit[] = [];
    const refused = labelTrackingModelled(model(ctx)) ? repoServerRefusals(ctx, hits) : undefined;
    for (const t of firstApplyTasks(ctx.tasks)) {
      if (refused?.has(t.manifest)) continue; // the app does not render: nothing is applied
      if (apiServerAccepts(t.manifest.object, t.group, t.kind, t.name)) continue; // the errors are built for the rare invalid object only
      const errors = apiServerFieldErrors(t.manifest.object, t.group, t.kind, t.name);
      hits.push({
        manifest: t.manifest,
        message: `is refused by the API server: ${invalidObjectMessage(t.group, t.kind, t.name, errors)}; Argo CD's dry run is client-side and passes it, `
          + `so the sync fails when ${t.hook ? 'the hook' : 'its step'} is applied (${t.phase} wave ${t.wave})`,
        fix: fixFor(errors[0]),
        path: errors[0].path,
      });
    }
    return hits;
  },
};

function model(ctx: RuleContext) {
  return { argocdVersion: ctx.options.argocdVersion, trackingMethod: ctx.options.tracking?.method };
}

/** Objects whose labels the repo server cannot write the instance label beside (their hits pushed to `hits`). */
function repoServerRefusals(ctx: RuleContext, hits: Hit[]): Set<Manifest> {
  const refused = new Set<Manifest>();
  for (const manifest of ctx.manifests) {
    if (!isPlainObject(manifest.object)) continue;
    for (const p of nonStringLabels(manifest.object)) {
      const effect = nonStringLabelEffect(manifest.object, p, model(ctx));
      if (!effect.failsApp) continue; // a CRD
      refused.add(manifest);
      hits.push(p.key === ''
        ? { manifest, message: `metadata.labels is a ${p.type}, not a map of strings: ${effect.text}`, fix: 'write metadata.labels as a map of quoted strings', path: ['metadata', 'labels'] }
        : {
          manifest,
          message: `label ${p.key} is a ${p.type} (${quote(p.value)}), not a string: ${effect.text}`,
          // An empty YAML value is null: quoting it would write the word "null".
          fix: p.value === null ? `write an empty string: ${p.key}: ""` : `quote the value: ${p.key}: ${quote(p.value)}`,
          path: ['metadata', 'labels', p.key],
        });
    }
  }
  return refused;
}

function fixFor(e: FieldError): string {
  if (e.type === 'Wrong type') {
    const key = e.path[e.path.length - 1];
    return e.detail!.endsWith('not a string') && /^(-?[0-9.e+]+|true|false)$/.test(e.value!)
      ? `quote the value, e.g. ${typeof key === 'number' ? `"${e.value}"` : `${key}: "${e.value}"`}: the API server reads ${e.field} only as a string, and YAML reads an unquoted 1.0 or true as a number or boolean`
      : `write ${e.field} as ${e.detail!.slice(e.detail!.indexOf(', not ') + ', not '.length)}`;
  }
  if (e.type === 'Duplicate value') return `rename one of the containers named ${JSON.stringify(e.value)}: init containers and containers share one set of names`;
  if (e.type === 'Required value') return `set ${e.field}`;
  if (e.field.endsWith('labels')) return 'fix the label: keys are [prefix/]name, values at most 63 characters of letters, digits, "-", "_" and ".", starting and ending with a letter or digit';
  if (e.field === 'metadata.annotations') return 'fix the annotation key: [prefix/]name, the prefix a DNS subdomain, the name at most 63 characters of letters, digits, "-", "_" and "."';
  return `change ${e.field} to a value the API server accepts (${e.detail})`;
}
