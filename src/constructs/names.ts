/**
 * The API server's name rules for what a hook writes (read by `src/argo/object-validity.ts`), checked
 * at construction so a bad value fails `cdk8s synth` with the construct's path instead of the sync
 * with an apiserver refusal.
 */

import { Duration } from 'cdk8s';
import { IConstruct } from 'constructs';
import { dns1123LabelErrors, dns1123SubdomainErrors } from '../argo/object-validity';

/** The path a construct will have, for messages thrown before `super()` creates it. */
export function pathFor(scope: IConstruct, id: string): string {
  return scope.node.path ? `${scope.node.path}/${id}` : id;
}

/** A duration as whole seconds of at least `min`, or an error naming the construct and the field. */
export function wholeSeconds(where: string, field: string, value: Duration, min: number): number {
  const seconds = value.toSeconds({ integral: false });
  if (!Number.isInteger(seconds) || seconds < min) {
    throw new Error(`${where}: ${field} must be a whole number of seconds, at least ${min}, got ${value.toHumanString()}`);
  }
  return seconds;
}

/** RFC 1123 label: a Namespace name, or a Job name (copied into its Pods' `job-name` label, ≤ 63). */
export function isDnsLabel(value: string): boolean {
  return dns1123LabelErrors(value).length === 0;
}

/** RFC 1123 subdomain: dot-separated labels, at most 253 characters (a ServiceAccount name). */
function isDnsSubdomain(value: string): boolean {
  return dns1123SubdomainErrors(value).length === 0;
}

const LABEL_RULE = 'lowercase letters, digits and "-", starting and ending with a letter or digit, at most 63 characters';

/**
 * Throws a one-line error naming `where`, the field, the bad value and the rule.
 */
export function checkHookNames(where: string, names: { name?: string; namespace?: string; serviceAccountName?: string }): void {
  const shown = (v: string) => JSON.stringify(v.length > 70 ? `${v.slice(0, 67)}...` : v);
  if (names.name !== undefined && !isDnsLabel(names.name)) {
    throw new Error(`${where}: name ${shown(names.name)} (${names.name.length} characters) is not a valid Job name: an RFC 1123 label, `
      + `${LABEL_RULE} (Kubernetes copies it into the job-name label of the Job's Pods)`);
  }
  if (names.namespace !== undefined && !isDnsLabel(names.namespace)) {
    throw new Error(`${where}: namespace ${shown(names.namespace)} is not a valid namespace: a DNS label, ${LABEL_RULE}`);
  }
  if (names.serviceAccountName !== undefined && !isDnsSubdomain(names.serviceAccountName)) {
    throw new Error(`${where}: serviceAccountName ${shown(names.serviceAccountName)} is not a valid service account name: a DNS subdomain, `
      + 'dot-separated labels of lowercase letters, digits and "-", each starting and ending with a letter or digit, at most 253 characters');
  }
}
