/**
 * Everything the library synthesizes is valid Kubernetes (and Argo CD) input: the example app and
 * charts that use every construct and option, checked by the kubernetes-models validators (types,
 * required fields) and by strict schemas (no unknown field), and custom resources by their CRD's
 * own schema. Negative tests prove each check catches a broken document.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import Ajv from 'ajv';
import { App, Testing } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import { keyOf, modelErrors, nameProblems, problems, strictErrors, strictValidators } from './validators';
import { CHARTS } from '../fixtures/charts';

type Obj = Record<string, any>;

jest.setTimeout(30_000);

beforeAll(() => {
  strictValidators(); // generates the strict schemas on first use (a few seconds), then cached
}, 120_000);

/** Custom resources checked against the openAPIV3Schema of a CRD in the same set. */
function customResourceProblems(docs: Obj[]): string[] {
  const out: string[] = [];
  const crds = docs.filter((d) => d.kind === 'CustomResourceDefinition');
  for (const o of docs) {
    const [group, version] = String(o.apiVersion).split('/');
    const crd = crds.find((c) => c.spec.group === group && c.spec.names.kind === o.kind);
    if (!crd) continue;
    const schema = crd.spec.versions.find((v: Obj) => v.name === version)?.schema?.openAPIV3Schema;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const valid: boolean = validate(o);
    if (valid) continue;
    const id = `${o.kind}/${o.metadata.name}`;
    out.push(...(validate.errors ?? []).map((e) => `${id}: crd schema: ${e.instancePath} ${e.message}`));
  }
  return out;
}

function allProblems(docs: Obj[]): string[] {
  const custom = new Set(docs.filter((d) => d.kind === 'CustomResourceDefinition').map((c) => `${c.spec.group}/${c.spec.versions[0].name}/${c.spec.names.kind}`));
  return [
    ...docs.filter((o) => !custom.has(keyOf(o))).flatMap(problems),
    ...customResourceProblems(docs),
  ];
}

describe.each(Object.entries(CHARTS))('%s: every synthesized document is valid', (_name, build) => {
  const docs = Testing.synth(build(Testing.app())) as Obj[];

  test('renders documents, each with a kind', () => {
    expect(docs.length).toBeGreaterThan(0);
    for (const o of docs) expect(typeof o.kind).toBe('string');
  });

  test('kubernetes-models, Argo CD models, strict schemas, CRD schemas: no problem', () => {
    expect(allProblems(docs)).toEqual([]);
  });
});

test('the every-option chart really exercises every kind of input (validators saw each)', () => {
  const docs = Testing.synth(CHARTS['every option'](Testing.app())) as Obj[];
  const kinds = new Set(docs.map(keyOf));
  for (const k of ['v1/Namespace', 'v1/ConfigMap', 'v1/Secret', 'v1/ServiceAccount', 'apps/v1/StatefulSet', 'apps/v1/Deployment', 'v1/Service',
    'networking.k8s.io/v1/Ingress', 'batch/v1/Job', 'policy/v1/PodDisruptionBudget', 'apiextensions.k8s.io/v1/CustomResourceDefinition',
    'example.com/v1/Widget', 'argoproj.io/v1alpha1/Application']) {
    expect(kinds).toContain(k);
  }
  const hooks = docs.filter((d) => d.metadata.annotations?.['argocd.argoproj.io/hook']).map((d) => d.metadata.annotations['argocd.argoproj.io/hook']);
  expect(hooks.sort()).toEqual(['PostSync', 'PostSync', 'PostSync', 'PreSync', 'PreSync', 'SyncFail']);
});

test('the synthesized example on disk (main.ts output) is valid too', () => {
  const outdir = Testing.app().outdir;
  const app = new App({ outdir });
  CHARTS['examples/workflow-console'](app);
  app.synth();
  const text = readFileSync(join(outdir, 'workflow-console.k8s.yaml'), 'utf8');
  const docs = parseAllDocuments(text).map((d) => d.toJS() as Obj);
  expect(docs.length).toBeGreaterThan(5);
  expect(allProblems(docs)).toEqual([]);
});

test('the hand-written example manifests are valid', () => {
  const text = readFileSync(join(__dirname, '..', '..', 'examples', 'manifests', 'workflow-console.yaml'), 'utf8');
  const docs = parseAllDocuments(text).map((d) => d.toJS() as Obj);
  expect(allProblems(docs)).toEqual([]);
});

describe('each check catches a broken document', () => {
  const job = (): Obj => JSON.parse(JSON.stringify(
    (Testing.synth(CHARTS['every option'](Testing.app())) as Obj[]).find((d) => d.kind === 'Job' && d.metadata.name === 'shop-migrate'),
  ));

  test('the unbroken Job passes both', () => {
    expect(modelErrors(job())).toEqual([]);
    expect(strictErrors(job())).toEqual([]);
  });

  test('a misspelled field (activeDeadlineSecond) fails the strict schema, not the model', () => {
    const j = job();
    j.spec.activeDeadlineSecond = j.spec.activeDeadlineSeconds;
    delete j.spec.activeDeadlineSeconds;
    expect(strictErrors(j)).toEqual(['/spec must NOT have additional properties: activeDeadlineSecond']);
    expect(modelErrors(j)).toEqual([]); // why the strict schemas are needed
  });

  test('an unknown field deep in the pod template fails the strict schema', () => {
    const j = job();
    j.spec.template.spec.containers[0].securityContext.readOnlyRootFileSystem = true;
    expect(strictErrors(j)).toEqual(['/spec/template/spec/containers/0/securityContext must NOT have additional properties: readOnlyRootFileSystem']);
  });

  test('a wrong type fails both', () => {
    const j = job();
    j.spec.backoffLimit = '1';
    expect(modelErrors(j)![0]).toMatch(/backoffLimit.*must be (integer|number)/);
    expect(strictErrors(j)).toEqual(['/spec/backoffLimit must be number']);
  });

  test('a missing required field (containers[].name) fails both', () => {
    const j = job();
    delete j.spec.template.spec.containers[0].name;
    expect(modelErrors(j)![0]).toMatch(/name/);
    expect(strictErrors(j)).toEqual(["/spec/template/spec/containers/0 must have required property 'name'"]);
  });

  test('a wrong apiVersion for the kind fails the strict schema', () => {
    expect(strictErrors({ apiVersion: 'v1', kind: 'Job', metadata: { name: 'x' } })).toBeUndefined(); // no such kind in core/v1
    expect(problems({ apiVersion: 'v1', kind: 'Job', metadata: { name: 'x' } })).toEqual([
      'Job/x: model: no kubernetes-models class for v1/Job',
      'Job/x: strict: no strict schema for v1/Job; add it to STRICT_KINDS',
    ]);
  });

  test('the Argo CD model rejects a broken Application', () => {
    const docs = Testing.synth(CHARTS['every option'](Testing.app())) as Obj[];
    const app = JSON.parse(JSON.stringify(docs.find((d) => d.kind === 'Application')));
    expect(modelErrors(app)).toEqual([]);
    delete app.spec.destination;
    expect(modelErrors(app)![0]).toMatch(/destination/);
    const wrongType = JSON.parse(JSON.stringify(docs.find((d) => d.kind === 'Application')));
    wrongType.spec.syncPolicy.automated.prune = 'yes';
    expect(modelErrors(wrongType)![0]).toMatch(/prune/);
  });

  test('names the apiserver would refuse are caught (no schema states them)', () => {
    const j = job();
    expect(nameProblems(j)).toEqual([]);
    j.metadata.name = 'Shop_Migrate';
    j.spec.template.spec.containers[0].name = 'x'.repeat(64);
    j.spec.template.spec.volumes = [{ name: 'tmp.dir', emptyDir: {} }];
    expect(nameProblems(j)).toEqual([
      'Job/Shop_Migrate: name: "Shop_Migrate" is not a DNS subdomain of at most 63 characters',
      `Job/Shop_Migrate: container name "${'x'.repeat(64)}" is not a DNS label`,
      'Job/Shop_Migrate: volume name "tmp.dir" is not a DNS label',
    ]);
    expect(nameProblems({ kind: 'Service', metadata: { name: 'web.v1' } })).toEqual(['Service/web.v1: name: "web.v1" is not a DNS label of at most 63 characters']);
    expect(modelErrors(j)).toEqual([]); // why this check exists
  });

  test('a custom resource breaking its CRD schema is caught', () => {
    const docs = Testing.synth(CHARTS['every option'](Testing.app())) as Obj[];
    const widget = docs.find((d) => d.kind === 'Widget')!;
    widget.spec.colour = 'green';
    expect(customResourceProblems(docs)).toEqual(['Widget/big: crd schema: /spec/colour must be equal to one of the allowed values']);
  });
});
