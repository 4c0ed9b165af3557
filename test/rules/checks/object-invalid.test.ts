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

const withInit = (name: string) => ({ ...podSpec({ probe: false }), initContainers: [{ name, image: 'registry.internal/migrate:1.0.0' }] });

ruleCase('object-invalid', {
  ref: 'TestSyncWithCreateNamespaceAndDryRunError',
  trips: yaml(hookJob('migrate', {}, {}, withInit('app'))),
  passes: yaml(hookJob('migrate', {}, {}, withInit('wait-for-db'))),
});
