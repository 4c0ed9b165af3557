import { apiServerAccepts, apiServerFieldErrors, invalidObjectMessage } from '../../argo/object-validity';
import type { FieldError } from '../../argo/object-validity';
import { firstApplyTasks } from '../applied-objects';
import type { Hit, Rule } from '../types';

/**
 * What the API server rejects in the object itself (`src/argo/object-validity.ts`: names, the
 * namespace, label keys and values, annotation keys, container names of a pod template). Argo CD's
 * dry run is client-side and passes it; the wet apply of its step fails, with the API server's
 * message as the object's result (argo-cd e2e `TestSyncWithCreateNamespaceAndDryRunError`), and the
 * sync fails there. Checked once per object and name Argo CD applies (a hook's generated name too).
 */
export const objectInvalid: Rule = {
  id: 'object-invalid',
  defaultLevel: 'error',
  title: 'An object the API server rejects (name, labels, annotation keys, container names)',
  check(ctx) {
    const hits: Hit[] = [];
    for (const t of firstApplyTasks(ctx.tasks)) {
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
