/**
 * Folders Argo CD renders instead of reading (argo-cd `util/app/discovery/discovery.go` `Discover`:
 * a `*Chart.yaml` makes a Helm app, `kustomization.yaml|yml|Kustomization` a kustomize app).
 * Run on argoproj/argocd-example-apps, syncplan said `sock-shop/kustomization.yaml:1: object has no
 * apiVersion` and `helm-guestbook/Chart.yaml:1: object has no kind`: true, but no help.
 */
import { mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';
import { inputError, tempDirEach } from './helpers';
import { loadPaths } from '../../src/cli/load';

const tmp = tempDirEach('syncplan-rendered');

/** After argocd-example-apps `helm-guestbook/`: Chart.yaml, values.yaml and a template. */
function helmChart(dir: string): void {
  writeFileSync(join(dir, 'Chart.yaml'), 'apiVersion: v2\nname: helm-guestbook\nversion: 0.1.0\n');
  writeFileSync(join(dir, 'values.yaml'), 'replicaCount: 1\n');
  mkdirSync(join(dir, 'templates'));
  writeFileSync(join(dir, 'templates', 'service.yaml'), 'apiVersion: v1\nkind: Service\nmetadata:\n  name: {{ template "helm-guestbook.fullname" . }}\n');
}

describe('a Helm chart or a kustomization is named as such, with the command that renders it', () => {
  test('argocd-example-apps helm-guestbook: the folder, or its Chart.yaml given by name', () => {
    const dir = tmp();
    helmChart(dir);
    for (const path of [dir, join(dir, 'Chart.yaml')]) {
      const err = inputError(() => loadPaths([path]));
      expect([err.file, err.line]).toEqual([join(dir, 'Chart.yaml'), 0]);
      expect(err.reason).toBe('a Helm chart: Argo CD renders it with helm template, syncplan reads rendered manifests');
      expect(err.hint).toContain(`helm template my-release ${dir} | syncplan lint -`);
    }
  });

  test('argocd-example-apps sock-shop: a kustomization.yaml without apiVersion, in a folder or below the one given', () => {
    const dir = tmp();
    mkdirSync(join(dir, 'sock-shop'));
    writeFileSync(join(dir, 'sock-shop', 'kustomization.yaml'), 'resources:\n  - base/carts-dep.yaml\n');
    writeFileSync(join(dir, 'a.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n');
    const err = inputError(() => loadPaths([dir]));
    expect(err.file).toBe(join(dir, 'sock-shop', 'kustomization.yaml'));
    expect(err.reason).toBe('a kustomization: Argo CD renders it with kustomize build, syncplan reads rendered manifests');
    expect(err.hint).toContain(`kustomize build ${join(dir, 'sock-shop')} | syncplan lint -`);
  });

  test('every name Argo CD recognises (KustomizationNames), and only those', () => {
    for (const name of ['kustomization.yml', 'Kustomization']) {
      const dir = join(tmp(), name.toLowerCase().replace('.', '-'));
      mkdirSync(dir);
      writeFileSync(join(dir, name), 'resources: []\n');
      writeFileSync(join(dir, 'a.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n');
      expect(inputError(() => loadPaths([dir])).reason).toContain('a kustomization');
    }
    const dir = join(tmp(), 'plain');
    mkdirSync(dir);
    writeFileSync(join(dir, 'kustomization-notes.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: notes\n');
    expect(loadPaths([dir]).map(m => (m.object.metadata as { name: string }).name)).toEqual(['notes']);
  });
});
