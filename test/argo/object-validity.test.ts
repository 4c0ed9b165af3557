/**
 * What the API server refuses in an object on its own (`src/argo/object-validity.ts`), from
 * Kubernetes' own tests (apimachinery `pkg/util/validation/validation_test.go`, kubernetes
 * `pkg/apis/core/validation/validation_test.go`, `pkg/apis/batch/validation/validation_test.go`)
 * and Argo CD's `TestSyncWithCreateNamespaceAndDryRunError`; the data is ours.
 */
import * as fc from 'fast-check';
import {
  apiServerFieldErrors, apiServerRejection, dns1123LabelErrors, dns1123SubdomainErrors, formatFieldError, labelValueErrors,
  qualifiedNameErrors,
} from '../../src/argo/object-validity';

const errorsOf = (object: Record<string, unknown>, group: string, kind: string, name: string) =>
  apiServerFieldErrors(object, group, kind, name).map(formatFieldError);

describe('names, label keys and values (apimachinery validation_test.go)', () => {
  test('TestIsDNS1123Label: lower-case letters, digits and inner dashes, at most 63', () => {
    for (const ok of ['a', '0', 'web-1', '1-web', 'a'.repeat(63)]) expect(dns1123LabelErrors(ok)).toEqual([]);
    expect(dns1123LabelErrors('Web')).toHaveLength(1);
    expect(dns1123LabelErrors('-web')).toHaveLength(1);
    expect(dns1123LabelErrors('web.shop')).toEqual(['must not contain dots']);
    expect(dns1123LabelErrors('a'.repeat(64))).toEqual(['must be no more than 63 characters']);
  });

  test('TestIsDNS1123Subdomain: dot-separated labels, at most 253', () => {
    for (const ok of ['a', 'web.shop', 'prometheuses.monitoring.coreos.com', `${'a'.repeat(63)}.${'b'.repeat(63)}`]) expect(dns1123SubdomainErrors(ok)).toEqual([]);
    for (const bad of ['Web', 'web..shop', 'web_shop', 'web.', '.web', 'system:admin']) expect(dns1123SubdomainErrors(bad)).toHaveLength(1);
    expect(dns1123SubdomainErrors('a'.repeat(254))).toEqual(['must be no more than 253 characters']);
  });

  test('TestIsQualifiedName: [prefix/]name, the prefix a subdomain, the name 63 characters of [A-Za-z0-9-_.]', () => {
    for (const ok of ['app', 'App_Name', 'app.kubernetes.io/name', 'argocd.argoproj.io/sync-wave', `x/${'n'.repeat(63)}`]) expect(qualifiedNameErrors(ok)).toEqual([]);
    expect(qualifiedNameErrors('/name')).toEqual(['prefix part must be non-empty']);
    expect(qualifiedNameErrors('example.com/')).toEqual(['name part must be non-empty', expect.stringMatching(/^name part must consist of/)]);
    expect(qualifiedNameErrors('a/b/c')).toEqual([expect.stringMatching(/^a qualified name must consist of .* with an optional DNS subdomain prefix/)]);
    expect(qualifiedNameErrors('Example.com/name')).toEqual([expect.stringMatching(/^prefix part a lowercase RFC 1123 subdomain/)]);
    expect(qualifiedNameErrors('n'.repeat(64))).toEqual(['name part must be no more than 63 characters']);
  });

  test('TestIsValidLabelValue: empty, or 63 characters of [A-Za-z0-9-_.] starting and ending alphanumeric', () => {
    for (const ok of ['', 'v1', 'Web_Team', '1.2.3', 'x'.repeat(63)]) expect(labelValueErrors(ok)).toEqual([]);
    expect(labelValueErrors('has-inva/id-character!')).toEqual([
      "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character "
      + "(e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    ]);
    expect(labelValueErrors('x'.repeat(64))).toEqual(['must be no more than 63 characters']);
  });

  test('property: a string of the label alphabet, alphanumeric at both ends, is a valid label, subdomain, key and value', () => {
    const inner = fc.stringMatching(/^[a-z0-9-]{0,61}$/);
    const end = fc.constantFrom(...'abcxyz0189');
    fc.assert(fc.property(end, inner, end, (a, mid, b) => {
      const label = mid === '' && a === b ? a : `${a}${mid}${b}`;
      return [dns1123LabelErrors, dns1123SubdomainErrors, qualifiedNameErrors, labelValueErrors].every(check => check(label).length === 0);
    }));
  });

  test('property: an upper-case letter or a character outside the alphabet makes any name invalid', () => {
    fc.assert(fc.property(fc.stringMatching(/^[a-z0-9]{1,20}$/), fc.constantFrom('A', 'Z', '_', ' ', '!', ':'), (base, bad) => {
      const name = `${base}${bad}${base}`;
      return dns1123LabelErrors(name).length > 0 && dns1123SubdomainErrors(name).length > 0;
    }));
  });
});

describe('apiServerFieldErrors: per kind, as the API server orders them', () => {
  const cm = (metadata: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata });

  test('TestSyncWithCreateNamespaceAndDryRunError: a ServiceAccount with an invalid label value is refused with the API server\'s words', () => {
    const sa = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'deployer', labels: { owner: 'platform team' } } };
    expect(apiServerRejection(sa, '', 'ServiceAccount', 'deployer')).toMatch(/^ServiceAccount "deployer" is invalid: metadata\.labels: Invalid value: "platform team": a valid label must be/);
  });

  test('ValidateNamespaceName / ValidateServiceName: a Namespace is a DNS-1123 label, a Service a DNS-1035 label, most kinds a subdomain', () => {
    expect(errorsOf({}, '', 'Namespace', 'team.a')).toEqual(['metadata.name: Invalid value: "team.a": must not contain dots']);
    expect(errorsOf({}, '', 'Service', '1st-web')).toEqual([expect.stringMatching(/^metadata\.name: Invalid value: "1st-web": a DNS-1035 label must/)]);
    expect(errorsOf({}, '', 'Service', 'web')).toEqual([]);
    expect(errorsOf({}, 'apps', 'Deployment', 'web.v2')).toEqual([]);
    expect(errorsOf({}, 'apps', 'Deployment', 'Web')).toEqual([expect.stringMatching(/^metadata\.name: Invalid value: "Web": a lowercase RFC 1123 subdomain/)]);
    // Custom resources are subdomains too (apiextensions-apiserver customResourceValidator).
    expect(errorsOf({}, 'example.com', 'Widget', 'w_1')).toHaveLength(1);
  });

  test('ValidateRBACName: RBAC kinds are path segments, so `system:` names are fine', () => {
    expect(errorsOf({}, 'rbac.authorization.k8s.io', 'ClusterRole', 'system:aggregate-to-view')).toEqual([]);
    expect(errorsOf({}, 'rbac.authorization.k8s.io', 'RoleBinding', 'a/b')).toEqual(['metadata.name: Invalid value: "a/b": may not contain \'/\'']);
  });

  test('ValidatePodDisruptionBudget checks no name: a PodDisruptionBudget is named as a path segment, as any kind the generic BeforeCreate judges', () => {
    // kubernetes pkg/apis/policy/validation validates only the spec (kubernetes#133726 proposed adding it, closed unmerged)
    expect(errorsOf({}, 'policy', 'PodDisruptionBudget', 'Web_PDB')).toEqual([]);
    expect(errorsOf({}, 'policy', 'PodDisruptionBudget', 'web:pdb')).toEqual([]);
    expect(errorsOf({}, 'policy', 'PodDisruptionBudget', 'web/pdb')).toEqual(['metadata.name: Invalid value: "web/pdb": may not contain \'/\'']);
    // PodSecurityPolicy (removed in 1.25) did name itself as a subdomain
    expect(errorsOf({}, 'policy', 'PodSecurityPolicy', 'Restricted')).toHaveLength(1);
  });

  test('IsValidPathSegmentName reports every character it may not contain', () => {
    expect(errorsOf({}, 'rbac.authorization.k8s.io', 'Role', 'a/50%')).toEqual([
      'metadata.name: Invalid value: "a/50%": may not contain \'/\'',
      'metadata.name: Invalid value: "a/50%": may not contain \'%\'',
    ]);
  });

  test('a kind whose name rule is not modelled is not judged by name (never a false refusal)', () => {
    expect(errorsOf({}, 'certificates.k8s.io', 'CertificateSigningRequest', 'node:csr')).toEqual([]);
  });

  test('TestValidateCronJob: a CronJob name is at most 52 characters; a Job at most 63 (its Pods\' job-name label)', () => {
    expect(errorsOf({}, 'batch', 'CronJob', 'c'.repeat(52))).toEqual([]);
    expect(errorsOf({}, 'batch', 'CronJob', 'c'.repeat(53))).toEqual([`metadata.name: Invalid value: "${'c'.repeat(53)}": must be no more than 52 characters`]);
    const job = { apiVersion: 'batch/v1', kind: 'Job', spec: { template: { spec: { containers: [{ name: 'main' }] } } } };
    expect(errorsOf(job, 'batch', 'Job', 'j'.repeat(63))).toEqual([]);
    expect(errorsOf(job, 'batch', 'Job', 'j'.repeat(64))).toEqual([`spec.template.labels: Invalid value: "${'j'.repeat(64)}": must be no more than 63 characters`]);
    expect(errorsOf({ ...job, spec: { ...job.spec, manualSelector: true } }, 'batch', 'Job', 'j'.repeat(64))).toEqual([]);
  });

  test('ValidateCustomResourceDefinition: a CRD is named <plural>.<group>', () => {
    const crd = (name: string) => ({ metadata: { name }, spec: { group: 'example.com', names: { plural: 'widgets', kind: 'Widget' } } });
    expect(errorsOf(crd('widgets.example.com'), 'apiextensions.k8s.io', 'CustomResourceDefinition', 'widgets.example.com')).toEqual([]);
    expect(errorsOf(crd('widget.example.com'), 'apiextensions.k8s.io', 'CustomResourceDefinition', 'widget.example.com'))
      .toEqual(['metadata.name: Invalid value: "widget.example.com": must be spec.names.plural+"."+spec.group']);
  });

  test('ValidateObjectMeta: the namespace is a label; label keys and annotation keys (lower-cased) are qualified names', () => {
    expect(errorsOf(cm({ namespace: 'Shop' }), '', 'ConfigMap', 'cfg')).toEqual([expect.stringMatching(/^metadata\.namespace: Invalid value: "Shop": a lowercase RFC 1123 label/)]);
    expect(errorsOf(cm({ namespace: 'Shop' }), '', 'Namespace', 'cfg')).toEqual([]); // cluster-scoped: not its namespace
    expect(errorsOf(cm({ labels: { 'team name': 'a' } }), '', 'ConfigMap', 'cfg')).toEqual([expect.stringMatching(/^metadata\.labels: Invalid value: "team name": name part must consist of/)]);
    expect(errorsOf(cm({ annotations: { 'Example.COM/Note': 'x' } }), '', 'ConfigMap', 'cfg')).toEqual([]);
    expect(errorsOf(cm({ annotations: { 'a/b/c': 'x' } }), '', 'ConfigMap', 'cfg')).toEqual([expect.stringMatching(/^metadata\.annotations: Invalid value: "a\/b\/c": a qualified name/)]);
  });

  test('TestValidateInitContainers / TestValidateContainers: container names are labels, unique across init containers and containers', () => {
    const pod = (spec: Record<string, unknown>) => ({ apiVersion: 'apps/v1', kind: 'Deployment', spec: { template: { metadata: { labels: { app: 'web' } }, spec } } });
    const c = (name?: string) => (name === undefined ? { image: 'i' } : { name, image: 'i' });
    expect(errorsOf(pod({ initContainers: [c('migrate')], containers: [c('web'), c('proxy')] }), 'apps', 'Deployment', 'web')).toEqual([]);
    expect(errorsOf(pod({ initContainers: [c('web')], containers: [c('web')] }), 'apps', 'Deployment', 'web'))
      .toEqual(['spec.template.spec.initContainers[0].name: Duplicate value: "web"']);
    expect(errorsOf(pod({ containers: [c('web'), c('web')] }), 'apps', 'Deployment', 'web')).toEqual(['spec.template.spec.containers[1].name: Duplicate value: "web"']);
    expect(errorsOf(pod({ containers: [c('Web'), c()] }), 'apps', 'Deployment', 'web'))
      .toEqual([expect.stringMatching(/^spec\.template\.spec\.containers\[0\]\.name: Invalid value: "Web"/), 'spec.template.spec.containers[1].name: Required value']);
    // A bare Pod's spec, and a CronJob's job template.
    expect(errorsOf({ spec: { initContainers: [c('a')], containers: [c('a')] } }, '', 'Pod', 'p')).toEqual(['spec.initContainers[0].name: Duplicate value: "a"']);
    const cron = { spec: { jobTemplate: { spec: { template: { spec: { initContainers: [c('a')], containers: [c('a')] } } } } } };
    expect(errorsOf(cron, 'batch', 'CronJob', 'nightly')).toEqual(['spec.jobTemplate.spec.template.spec.initContainers[0].name: Duplicate value: "a"']);
  });

  test('ValidatePodTemplateSpec: the template\'s labels are `spec.template.labels`', () => {
    const deployment = { spec: { template: { metadata: { labels: { app: 'web app' } }, spec: { containers: [{ name: 'web' }] } } } };
    expect(errorsOf(deployment, 'apps', 'Deployment', 'web')).toEqual([expect.stringMatching(/^spec\.template\.labels: Invalid value: "web app"/)]);
  });

  // apiserver pkg/endpoints/handlers/rest.go transformDecodeError: a JSON type ObjectMeta cannot hold is refused before any
  // validation ("<Kind> in version "<v>" cannot be handled as a <Kind>: …"); Argo CD's client-side dry run never decodes it.
  test('ObjectMeta decoding: a label value, uid, resourceVersion or finalizer that is not a string is refused', () => {
    expect(errorsOf(cm({ labels: { tier: 1, on: true, empty: null } }), '', 'ConfigMap', 'cfg'))
      .toEqual(['metadata.labels.tier: Wrong type: 1: a number, not a string', 'metadata.labels.on: Wrong type: true: a boolean, not a string']);
    expect(errorsOf(cm({ labels: ['app=web'] }), '', 'ConfigMap', 'cfg')).toEqual(['metadata.labels: Wrong type: ["app=web"]: a list, not a map of strings']);
    expect(errorsOf(cm({ uid: 5, resourceVersion: 7, finalizers: ['a', 3] }), '', 'ConfigMap', 'cfg'))
      .toEqual(['metadata.uid: Wrong type: 5: a number, not a string', 'metadata.resourceVersion: Wrong type: 7: a number, not a string',
        'metadata.finalizers[1]: Wrong type: 3: a number, not a string']);
    expect(errorsOf(cm({ finalizers: 'a' }), '', 'ConfigMap', 'cfg')).toEqual(['metadata.finalizers: Wrong type: "a": a string, not a list of strings']);
    // null is JSON's "nothing": it decodes, as an empty value.
    expect(errorsOf(cm({ labels: null, uid: null, resourceVersion: null, finalizers: null }), '', 'ConfigMap', 'cfg')).toEqual([]);
    const deployment = { spec: { template: { metadata: { labels: { version: 1.5 } }, spec: { containers: [{ name: 'web' }] } } } };
    expect(errorsOf(deployment, 'apps', 'Deployment', 'web')).toEqual(['spec.template.metadata.labels.version: Wrong type: 1.5: a number, not a string']);
  });

  test('a value the API server cannot decode is said as its decoding refusal, not as a validation error', () => {
    expect(apiServerRejection(cm({ labels: { tier: 1 } }), '', 'ConfigMap', 'cfg'))
      .toBe('ConfigMap "cfg" cannot be handled as a ConfigMap: metadata.labels.tier is a number (1), not a string');
  });

  test('errors.NewInvalid: several errors in brackets, kind qualified by its group, repeated texts once', () => {
    const deployment = { metadata: { labels: { a: 'x y', b: 'x y' } }, spec: { template: { spec: { containers: [{ name: 'web' }, { name: 'web' }] } } } };
    const message = apiServerRejection(deployment, 'apps', 'Deployment', 'web')!;
    expect(message).toMatch(/^Deployment\.apps "web" is invalid: \[metadata\.labels: Invalid value: "x y": .*, spec\.template\.spec\.containers\[1\]\.name: Duplicate value: "web"\]$/);
    expect(message.match(/metadata\.labels/g)).toHaveLength(1);
    expect(apiServerRejection({ metadata: {} }, '', 'ConfigMap', 'cfg')).toBeUndefined();
  });
});
