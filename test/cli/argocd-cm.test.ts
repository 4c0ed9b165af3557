/** `--argocd-cm FILE`: the ConfigMap's health scripts, read once, as the override Argo CD applies before its Go checks and as what the rules read. */
import { writeFileSync } from 'fs';
import { join } from 'path';
import * as fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { inputError, tempDirEach } from './helpers';
import { argocdCmOf, argocdCmOverride, readHealthScripts } from '../../src/cli/argocd-cm';

const F = join(__dirname, '..', 'fixtures', 'explain');

test('the fixture\'s Certificate script runs in the Lua VM; other kinds get no override', () => {
  const override = argocdCmOverride(readHealthScripts(join(F, 'argocd-cm.yaml')));
  const cert = (status: string) => ({ apiVersion: 'cert-manager.io/v1', kind: 'Certificate', status: { conditions: [{ type: 'Ready', status, message: `m-${status}` }] } });
  expect(override(cert('True'))).toEqual({ status: 'Healthy', message: 'm-True' });
  expect(override(cert('False'))).toEqual({ status: 'Progressing', message: 'm-False' });
  expect(override({ apiVersion: 'apps/v1', kind: 'Deployment' })).toBeUndefined();
});

test('what the rules read: every script, and the Application\'s when there is one', () => {
  const scripts = readHealthScripts(join(F, 'argocd-cm.yaml'));
  expect(argocdCmOf(scripts)).toEqual({ healthScripts: scripts });
  const app = { key: 'argoproj.io/Application', script: 'return {}', useOpenLibs: false };
  expect(argocdCmOf([app])).toEqual({ applicationHealth: 'return {}', healthScripts: [app] });
});

test('a file without a ConfigMap, or a malformed key, is bad input naming the file', () => {
  expect(inputError(() => readHealthScripts(join(F, 'succeeded.yaml'))).message).toMatch(/succeeded\.yaml:\d+: no ConfigMap in the file/);
});

describe('the ConfigMap read is the one named argocd-cm, as Argo CD reads only that one', () => {
  const tmp = tempDirEach('syncplan-argocd-cm');
  const cm = (name: string, script: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  namespace: argocd\ndata:\n`
    + `  resource.customizations.health.example.com_${script}: |\n    return { status = "Healthy" }\n`;
  const file = (text: string) => {
    const path = join(tmp(), 'cm.yaml');
    writeFileSync(path, text);
    return path;
  };

  test('another ConfigMap before it (kubectl get configmap -n argocd -o yaml lists several): argocd-cm is read, wherever it is', () => {
    expect(readHealthScripts(file(`${cm('argocd-rbac-cm', 'Other')}---\n${cm('argocd-cm', 'Widget')}`)).map(s => s.key)).toEqual(['example.com/Widget']);
    const list = { apiVersion: 'v1', kind: 'List', items: [parse(cm('argocd-cmd-params-cm', 'Other')), parse(cm('argocd-cm', 'Widget'))] };
    expect(readHealthScripts(file(JSON.stringify(list, null, 2))).map(s => s.key)).toEqual(['example.com/Widget']);
  });

  test('ConfigMaps, none named argocd-cm: refused at the first, naming what the file holds', () => {
    const err = inputError(() => readHealthScripts(file(`kind: Secret\n---\n${cm('argocd-rbac-cm', 'A')}---\n${cm('my-cm', 'B')}`)));
    expect([err.line, err.reason]).toEqual([3, 'no ConfigMap named argocd-cm in the file (it holds ConfigMap/argocd-rbac-cm, ConfigMap/my-cm), and Argo CD reads no other']);
    expect(err.hint).toBe('pass Argo CD\'s own settings: kubectl -n argocd get configmap argocd-cm -o yaml');
  });

  test('two named argocd-cm (two namespaces): refused at the second', () => {
    const err = inputError(() => readHealthScripts(file(`${cm('argocd-cm', 'A')}---\n${cm('argocd-cm', 'B')}`)));
    expect([err.line, err.reason]).toEqual([10, 'a second ConfigMap named argocd-cm (the first at line 1)']);
  });

  test('an empty file says what to give', () => {
    expect(inputError(() => readHealthScripts(file('\n'))).hint).toBe('pass Argo CD\'s own settings: kubectl -n argocd get configmap argocd-cm -o yaml');
  });

  test('data that is no map, or a script key whose value is no string: at that line', () => {
    const head = 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: argocd-cm }\n';
    expect(inputError(() => readHealthScripts(file(`${head}data: [a]\n`))).message).toMatch(/cm\.yaml:4: argocd-cm: data is a list, not a map of strings \(write data as a map/);
    const num = inputError(() => readHealthScripts(file(`${head}data:\n  url: https://x\n  resource.customizations.useOpenLibs.apps_Deployment: true\n`)));
    expect([num.line, num.reason, num.hint]).toEqual([6, 'argocd-cm: resource.customizations.useOpenLibs.apps_Deployment is a boolean, not a string (a ConfigMap\'s data holds strings only)',
      'quote the value: resource.customizations.useOpenLibs.apps_Deployment: "true"']);
  });

  /** A key Argo CD cannot read, and what it says of it. */
  const BAD: ReadonlyArray<readonly [string, string, RegExp]> = [
    ['resource.customizations.health.a_b_c', 'return {}', /^argocd-cm: group kind should be in format .*got group kind: 'a_b_c'$/],
    ['resource.customizations.useOpenLibs.apps_Deployment', 'maybe', /^argocd-cm: resource\.customizations\.useOpenLibs\.apps_Deployment: expected true or false, got "maybe"$/],
    ['resource.customizations', '- a\n', /^argocd-cm: resource\.customizations: expected a map of group\/kind to health\.lua$/],
    ['resource.customizations', 'a/B:\n  health.lua: [\n', /^argocd-cm: resource\.customizations: not valid YAML: .* \(line 3 of the block\)$/],
  ];
  const harmless = fc.constantFrom<string>('url', 'admin.enabled', 'exec.enabled', 'timeout.reconciliation',
    'resource.customizations.ignoreDifferences.apps_Deployment', 'resource.customizations.health.apps_Deployment');

  test('a bad key is reported at its own line: any position among other keys, YAML or JSON, alone or in a List', () => {
    const cases = [fc.uniqueArray(harmless, { maxLength: 5 }), fc.nat(), fc.nat(BAD.length - 1), fc.boolean(), fc.boolean()] as const;
    fc.assert(fc.property(...cases, (keys, at, which, json, inList) => {
      const [badKey, badValue, reason] = BAD[which];
      const others = keys.filter(k => k !== badKey);
      const order = [...others];
      order.splice(at % (others.length + 1), 0, badKey);
      const data = Object.fromEntries(order.map(k => [k, k === badKey ? badValue : 'return { status = "Healthy" }\n']));
      const object = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'argocd-cm', namespace: 'argocd' }, data };
      const other = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'argocd-rbac-cm' }, data: { 'policy.csv': 'p, role:x' } };
      const doc = inList ? { apiVersion: 'v1', kind: 'List', items: [other, object] } : object;
      const text = json ? JSON.stringify(doc, null, 2) : stringify(doc);
      const path = file(text);
      const err = inputError(() => readHealthScripts(path));
      const keyLine = text.split('\n').findIndex(l => l.trimStart().startsWith(json ? `"${badKey}":` : `${badKey}:`)) + 1;
      expect(keyLine).toBeGreaterThan(0);
      expect([err.file, err.line]).toEqual([path, keyLine]);
      expect(err.reason).toMatch(reason);
    }), { numRuns: 60 });
  });
});
