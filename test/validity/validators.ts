/**
 * Independent checks of a rendered Kubernetes object:
 * - `kubernetes-models` (and `@kubernetes-models/argo-cd` for Argo CD's kinds): wrong types,
 *   missing required fields, enum values. They accept unknown fields.
 * - strict JSON schemas generated from `kubernetes-types` with `additionalProperties: false`, so a
 *   misspelled field (`activeDeadlineSecond`) fails. Generated at test time, cached in the temp
 *   folder (nothing generated is committed).
 * - the apiserver's name rules (DNS labels and subdomains), which no schema states.
 */
import { createHash } from 'crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';
import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';

/** Kinds with a strict schema: `apiVersion/kind` → [kubernetes-types module, type name]. */
export const STRICT_KINDS: Record<string, [string, string]> = {
  'v1/ConfigMap': ['core/v1', 'ConfigMap'],
  'v1/Secret': ['core/v1', 'Secret'],
  'v1/Service': ['core/v1', 'Service'],
  'v1/Namespace': ['core/v1', 'Namespace'],
  'v1/ServiceAccount': ['core/v1', 'ServiceAccount'],
  'v1/Pod': ['core/v1', 'Pod'],
  'v1/PersistentVolumeClaim': ['core/v1', 'PersistentVolumeClaim'],
  'apps/v1/Deployment': ['apps/v1', 'Deployment'],
  'apps/v1/StatefulSet': ['apps/v1', 'StatefulSet'],
  'apps/v1/DaemonSet': ['apps/v1', 'DaemonSet'],
  'batch/v1/Job': ['batch/v1', 'Job'],
  'batch/v1/CronJob': ['batch/v1', 'CronJob'],
  'networking.k8s.io/v1/Ingress': ['networking/v1', 'Ingress'],
  'networking.k8s.io/v1/NetworkPolicy': ['networking/v1', 'NetworkPolicy'],
  'rbac.authorization.k8s.io/v1/Role': ['rbac/v1', 'Role'],
  'rbac.authorization.k8s.io/v1/RoleBinding': ['rbac/v1', 'RoleBinding'],
  'policy/v1/PodDisruptionBudget': ['policy/v1', 'PodDisruptionBudget'],
  'apiextensions.k8s.io/v1/CustomResourceDefinition': ['apiextensions/v1', 'CustomResourceDefinition'],
};

/** Argo CD's kinds, validated by `@kubernetes-models/argo-cd`. */
const ARGO_API_VERSION = 'argoproj.io/v1alpha1';

type Obj = Record<string, any>;

export function keyOf(o: Obj): string {
  return `${o.apiVersion}/${o.kind}`;
}

/** Errors from kubernetes-models (or the Argo CD models); [] when valid; undefined when no model exists. */
export function modelErrors(o: Obj): string[] | undefined {
  const Model = modelClass(o.apiVersion, o.kind);
  if (!Model) return undefined;
  try {
    new Model(o).validate();
    return [];
  } catch (e) {
    return [String((e as Error).message).split('\n')[0]];
  }
}

function modelClass(apiVersion: unknown, kind: unknown): (new (o: Obj) => { validate(): void }) | undefined {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  const modulePath = apiVersion === ARGO_API_VERSION
    ? `@kubernetes-models/argo-cd/${apiVersion}`
    : `kubernetes-models/${apiVersion}`;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(modulePath)[kind];
  } catch {
    return undefined;
  }
}

let strict: Map<string, ValidateFunction> | undefined;

/** Strict validators per `apiVersion/kind` (generated once per machine, then read from the cache). */
export function strictValidators(): Map<string, ValidateFunction> {
  if (strict) return strict;
  const schema = strictSchema() as { definitions: Record<string, object> };
  // kubernetes-types writes apiextensions' `JSON` (any JSON value: enum items, defaults) as an
  // empty interface, which would reject every non-object; Kubernetes accepts any value there.
  if (schema.definitions.JSON) schema.definitions.JSON = {};
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addSchema(schema, 'k8s');
  strict = new Map();
  for (const [key, [, type]] of Object.entries(STRICT_KINDS)) {
    // The generator names definitions by the kind's own type name (the aliases only select roots).
    strict.set(key, ajv.compile({ $ref: `k8s#/definitions/${type}` }));
  }
  return strict;
}

/** Errors from the strict schema; undefined when there is none for the kind. */
export function strictErrors(o: Obj): string[] | undefined {
  const validate = strictValidators().get(keyOf(o));
  if (!validate) return undefined;
  if (validate(o)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? `: ${e.params.additionalProperty}` : ''}`);
}

/** One entry type per kind; aliases keep names unique across API groups. */
function typeName(key: string, type: string): string {
  return `${key.replace(/[^A-Za-z0-9]/g, '_')}__${type}`;
}

function strictSchema(): object {
  const typesDir = dirname(require.resolve('kubernetes-types/package.json'));
  const generatorDir = dirname(require.resolve('ts-json-schema-generator/package.json'));
  const version = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  const modules = [...new Set(Object.values(STRICT_KINDS).map(([mod]) => mod))];
  const alias = (mod: string) => `m${modules.indexOf(mod)}`;
  const source = [
    ...modules.map((mod) => `import type * as ${alias(mod)} from ${JSON.stringify(join(typesDir, mod))};`),
    ...Object.entries(STRICT_KINDS).map(([key, [mod, type]]) => `export type ${typeName(key, type)} = ${alias(mod)}.${type};`),
  ].join('\n');
  const hash = createHash('sha256').update(`${version(typesDir)} ${version(generatorDir)}\n${source.split(typesDir).join('')}`).digest('hex').slice(0, 16);
  const cache = join(tmpdir(), `syncplan-strict-k8s-${hash}.json`);
  if (existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8'));

  const work = mkdtempSync(join(tmpdir(), 'syncplan-schema-'));
  try {
    const entry = join(work, 'kinds.ts');
    writeFileSync(entry, source);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createGenerator } = require('ts-json-schema-generator');
    const schema = createGenerator({ path: entry, type: '*', additionalProperties: false, skipTypeCheck: true, expose: 'export', jsDoc: 'none', topRef: false })
      .createSchema('*');
    // Written whole and renamed: parallel test workers never read half a file.
    const partial = `${cache}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(schema));
    renameSync(partial, cache);
    return schema;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Every problem the validators see in one object, prefixed with its identity. */
export function problems(o: Obj): string[] {
  const id = `${o.kind}/${o.metadata?.name}`;
  const model = modelErrors(o);
  const out = (model ?? [`no kubernetes-models class for ${keyOf(o)}`]).map((e) => `${id}: model: ${e}`);
  out.push(...nameProblems(o));
  if (o.apiVersion !== ARGO_API_VERSION) {
    const s = strictErrors(o);
    out.push(...(s ?? [`no strict schema for ${keyOf(o)}; add it to STRICT_KINDS`]).map((e) => `${id}: strict: ${e}`));
  }
  return out;
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const ENV_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
/** Kinds whose name must be a DNS label (the apiserver's ValidateObjectMeta name functions). */
const LABEL_NAMED = new Set(['Namespace', 'Service']);

/**
 * The name rules the apiserver enforces and no schema states: object names (DNS subdomain, or
 * label for Namespaces and Services; Jobs at most 63 characters, as the `job-name` label carries
 * it), namespaces, service accounts, container, volume and port names, environment variable names.
 */
export function nameProblems(o: Obj): string[] {
  const out: string[] = [];
  const id = `${o.kind}/${o.metadata?.name}`;
  const name = o.metadata?.name;
  if (typeof name === 'string') {
    const label = LABEL_NAMED.has(o.kind);
    const max = label || o.kind === 'Job' ? 63 : 253;
    if (!(label ? DNS_LABEL : DNS_SUBDOMAIN).test(name) || name.length > max) {
      out.push(`${id}: name: "${name}" is not a DNS ${label ? 'label' : 'subdomain'} of at most ${max} characters`);
    }
  }
  const ns = o.metadata?.namespace;
  if (ns !== undefined && !(typeof ns === 'string' && DNS_LABEL.test(ns) && ns.length <= 63)) out.push(`${id}: namespace "${ns}" is not a DNS label`);
  const pod = o.kind === 'Pod' ? o.spec : o.spec?.jobTemplate?.spec?.template?.spec ?? o.spec?.template?.spec;
  if (pod) {
    const sa = pod.serviceAccountName;
    if (sa !== undefined && !(typeof sa === 'string' && DNS_SUBDOMAIN.test(sa) && sa.length <= 253)) out.push(`${id}: serviceAccountName "${sa}" is not a DNS subdomain`);
    for (const c of [...(pod.initContainers ?? []), ...(pod.containers ?? [])]) {
      if (!DNS_LABEL.test(c.name ?? '') || c.name.length > 63) out.push(`${id}: container name "${c.name}" is not a DNS label`);
      for (const e of c.env ?? []) if (!ENV_NAME.test(e.name ?? '')) out.push(`${id}: env name "${e.name}" is not a C identifier-like name`);
      for (const p of c.ports ?? []) if (p.name !== undefined && !(DNS_LABEL.test(p.name) && p.name.length <= 15)) out.push(`${id}: port name "${p.name}" is not an IANA service name`);
    }
    for (const v of pod.volumes ?? []) if (!DNS_LABEL.test(v.name ?? '')) out.push(`${id}: volume name "${v.name}" is not a DNS label`);
  }
  return out;
}
