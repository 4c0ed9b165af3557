/**
 * What the API server refuses (`src/argo/object-validity.ts`), as a finding: argo-cd e2e
 * `TestSyncWithCreateNamespaceAndDryRunError` (an invalid label fails the ServiceAccount's apply).
 */
import { cm, hookJob, podSpec, yaml } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

describe('object-invalid', () => {
  test('TestSyncWithCreateNamespaceAndDryRunError: an invalid label value, at the label\'s line, with the API server\'s message', () => {
    const sa = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'deployer', labels: { team: 'platform', owner: 'ops/oncall' } } };
    const [f] = findingsOf('object-invalid', yaml(sa));
    expect(f.source.line).toBe(7);
    expect(f.message).toMatch(/^ServiceAccount\/deployer \(app\.yaml:7\): is refused by the API server: ServiceAccount "deployer" is invalid: metadata\.labels: Invalid value: "ops\/oncall": /);
    expect(f.message).toMatch(/the sync fails when its step is applied \(Sync wave 0\)/);
    expect(f.fix).toMatch(/^fix the label/);
  });

  // apiserver pkg/endpoints/handlers/rest.go transformDecodeError: decoding fails before any validation.
  test('an unquoted label value is refused when the API server decodes the object, at the value\'s line, with the quoted fix', () => {
    const config = { ...cm('cfg'), metadata: { name: 'cfg', labels: { app: 'web', version: 2 } } };
    const [f] = findingsOf('object-invalid', yaml(config));
    expect(f.source.line).toBe(7);
    expect(f.message).toMatch(/^ConfigMap\/cfg \(app\.yaml:7\): is refused by the API server: ConfigMap "cfg" cannot be handled as a ConfigMap: metadata\.labels\.version is a number \(2\), not a string; /);
    expect(f.fix).toMatch(/^quote the value, e\.g\. version: "2": the API server reads metadata\.labels\.version only as a string/);
    expect(findingsOf('object-invalid', yaml({ ...config, metadata: { name: 'cfg', labels: { app: 'web', version: '2' } } }))).toEqual([]);
  });

  test('TestValidateInitContainers: an init step named like the main container, at its line', () => {
    const pod = { ...podSpec({ probe: false }), initContainers: [{ name: 'app', image: 'registry.internal/migrate:1.0.0' }] };
    const [f] = findingsOf('object-invalid', yaml(hookJob('migrate', {}, {}, pod)));
    expect(f.message).toMatch(/Job\.batch "migrate" is invalid: spec\.template\.spec\.initContainers\[0\]\.name: Duplicate value: "app"; .* when the hook is applied \(PreSync wave 0\)/);
    expect(f.fix).toMatch(/^rename one of the containers named "app"/);
  });

  test('a generateName hook is judged by the name Argo CD gives it: a 50-character prefix makes a Job name over 63', () => {
    const prefix = `${'m'.repeat(49)}-`;
    const [f] = findingsOf('object-invalid', yaml(hookJob(prefix)));
    expect(f.message).toContain(`spec.template.labels: Invalid value: "${prefix}0000000-presync-0": must be no more than 63 characters`);
    expect(findingsOf('object-invalid', yaml(hookJob('migrate-')))).toEqual([]);
  });

  test('a PodDisruptionBudget is named by no rule of its own: `Web_PDB` passes, a `/` is refused', () => {
    const pdb = (name: string) => ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name }, spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } } });
    expect(findingsOf('object-invalid', yaml(pdb('Web_PDB')))).toEqual([]);
    const [f] = findingsOf('object-invalid', yaml(pdb('web/pdb')));
    expect(f.message).toContain('PodDisruptionBudget.policy "web/pdb" is invalid: metadata.name: Invalid value: "web/pdb": may not contain \'/\'');
  });

  test('objects Argo CD never applies are not judged (a repeated definition, a Skip hook)', () => {
    const bad = (a?: Record<string, string>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', labels: { x: 'a b' }, ...(a ? { annotations: a } : {}) } });
    expect(findingsOf('object-invalid', yaml(bad(), cm('cfg')))).toEqual([]);
    expect(findingsOf('object-invalid', yaml(bad({ 'argocd.argoproj.io/hook': 'Skip' })))).toEqual([]);
  });
});

// argo-cd util/kube/kube_test.go TestGetAppInstanceLabelWithInvalidData (svc-with-invalid-data.yaml): with label
// tracking the repo server reads metadata.labels before writing app.kubernetes.io/instance and fails on a
// non-string value, null included, so the whole Application fails to render (src/argo/non-string-label.ts).
describe('object-invalid under label tracking: the repo server refuses a non-string label', () => {
  const service = (labels: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'my-service', labels }, spec: { ports: [{ port: 80 }] } });
  const label = { tracking: { method: 'label' as const } };

  test('a null label fails the whole app, at the label\'s line, with the empty-string fix', () => {
    const [f, ...rest] = findingsOf('object-invalid', yaml(service({ 'valid-label': 'existing-value', 'invalid-label': null })), label);
    expect(rest).toEqual([]);
    expect(f.source.line).toBe(7);
    expect(f.message).toMatch(/^Service\/my-service \(app\.yaml:7\): label invalid-label is a null \("null"\), not a string: with label tracking Argo CD's repo server fails to generate the manifests/);
    expect(f.message).toMatch(/so the whole Application fails to render, not only this object; with annotation tracking the API server reads it as "" and nothing goes wrong/);
    expect(f.fix).toBe('write an empty string: invalid-label: ""');
    // Annotation tracking: the API server decodes the null as "", nothing to report.
    expect(findingsOf('object-invalid', yaml(service({ 'invalid-label': null })), { tracking: { method: 'annotation' } })).toEqual([]);
  });

  test('a number: the repo server\'s refusal, not the API server\'s (the object is never applied)', () => {
    const text = yaml(service({ version: 2 }));
    const [f, ...rest] = findingsOf('object-invalid', text, { tracking: { method: 'annotation+label' } });
    expect(rest).toEqual([]);
    expect(f.message).toMatch(/label version is a number \("2"\), not a string: with annotation\+label tracking Argo CD's repo server fails/);
    expect(f.fix).toBe('quote the value: version: "2"');
    expect(findingsOf('object-invalid', text, { argocdVersion: '2.14' }).map(x => x.message)).toEqual([expect.stringMatching(/with label tracking \(the default before Argo CD 3\.0\)/)]);
    expect(findingsOf('object-invalid', text).map(x => x.message)).toEqual([expect.stringMatching(/is refused by the API server: Service "my-service" cannot be handled as a Service/)]);
  });

  test('every object the repo server renders counts, a Skip hook too; a CRD gets no instance label', () => {
    const skip = { ...service({ team: true }), metadata: { name: 'my-service', labels: { team: true }, annotations: { 'argocd.argoproj.io/hook': 'Skip' } } };
    expect(findingsOf('object-invalid', yaml(skip), label)).toHaveLength(1);
    const crd = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'xs.example.com', labels: { tier: null } } };
    expect(findingsOf('object-invalid', yaml(crd), label)).toEqual([]);
  });
});

const withInit = (name: string) => ({ ...podSpec({ probe: false }), initContainers: [{ name, image: 'registry.internal/migrate:1.0.0' }] });

ruleCase('object-invalid', {
  ref: 'TestSyncWithCreateNamespaceAndDryRunError',
  trips: yaml(hookJob('migrate', {}, {}, withInit('app'))),
  passes: yaml(hookJob('migrate', {}, {}, withInit('wait-for-db'))),
});
