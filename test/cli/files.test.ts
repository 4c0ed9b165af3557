/**
 * Folders Argo CD renders instead of reading (argo-cd `util/app/discovery/discovery.go` `Discover`:
 * a `*Chart.yaml` makes a Helm app, `kustomization.yaml|yml|Kustomization` a kustomize app).
 * Run on argoproj/argocd-example-apps, syncplan said `sock-shop/kustomization.yaml:1: object has no
 * apiVersion` and `helm-guestbook/Chart.yaml:1: object has no kind`: true, but no help.
 */
import { mkdirSync, readdirSync, realpathSync, statSync, symlinkSync, writeFileSync } from 'fs';
import { join } from 'path';
import * as fc from 'fast-check';
import { inputError, tempDirEach } from './helpers';
import { expandPaths, readFile } from '../../src/cli/files';
import { loadPaths } from '../../src/cli/load';

// The module object itself (not an import's copy), so that a spy on it reaches files.ts.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fs: typeof import('fs') = require('fs');

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

describe('a folder is searched as with one stat per entry (the types readdir gives are used instead)', () => {
  /** The straightforward search: stat every entry (symlinks followed). */
  function reference(dir: string, visited = new Set<string>()): string[] {
    const real = realpathSync(dir);
    if (visited.has(real)) return [];
    visited.add(real);
    const files: string[] = [];
    for (const name of readdirSync(dir).filter((n) => !n.startsWith('.')).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
      const path = join(dir, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat?.isDirectory()) files.push(...reference(path, visited));
      else if (stat?.isFile() && /\.(?:ya?ml|json)$/.test(name)) files.push(path);
    }
    return files;
  }

  const name = fc.constantFrom('a.yaml', 'B.yml', 'c.json', 'd.txt', 'e.YAML', '.hidden.yaml', 'sub', 'z', '10.yaml', '9.yaml');
  /** Entries: files, folders, and symlinks to an earlier entry, to the root (a loop) or to nothing. */
  const entry = fc.record({ parent: fc.nat(), name, kind: fc.constantFrom('file', 'dir', 'link', 'dangling'), target: fc.nat() });

  test('random trees with symlinks (to files, folders, the root and nowhere) give the same files in the same order', () => {
    let run = 0;
    fc.assert(fc.property(fc.array(entry, { maxLength: 14 }), (entries) => {
      const root = join(tmp(), `run-${run++}`);
      mkdirSync(root);
      const dirs = [root];
      const made: string[] = [];
      for (const e of entries) {
        const path = join(dirs[e.parent % dirs.length], e.name);
        if (made.includes(path)) continue;
        made.push(path);
        if (e.kind === 'file') {
          writeFileSync(path, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n');
        } else if (e.kind === 'dir') {
          mkdirSync(path);
          dirs.push(path);
        } else {
          symlinkSync(e.kind === 'link' ? [root, ...made][e.target % (made.length + 1)] : join(root, 'nowhere'), path);
        }
      }
      const outcome = (f: () => string[]) => {
        try {
          return { files: f() };
        } catch (e) {
          return { error: (e as NodeJS.ErrnoException).code ?? (e as Error).message }; // a link to itself: ELOOP, both ways
        }
      };
      const expected = outcome(() => reference(root));
      if (expected.files?.length === 0) {
        expect(() => expandPaths([root])).toThrow(/no .yaml, .yml or .json files/);
      } else if (expected.files) {
        const seen = new Set<string>(); // each file once, under the first path that reaches it
        expect(expandPaths([root])).toEqual(expected.files.filter((f) => !seen.has(realpathSync(f)) && seen.add(realpathSync(f))));
      } else {
        // A link to itself: ELOOP, said as bad input naming the link
        expect(expected).toEqual({ error: 'ELOOP' });
        expect(inputError(() => expandPaths([root])).reason).toBe('a symbolic link loop (too many levels of symbolic links)');
      }
    }), { numRuns: 150 });
  });
});

describe('a folder the CLI cannot search is bad input naming the entry, never an internal error', () => {
  test('a symlink loop among a folder\'s files (a.yaml -> b.yaml -> a.yaml), or given by name', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'good.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n');
    symlinkSync('b.yaml', join(dir, 'a.yaml'));
    symlinkSync('a.yaml', join(dir, 'b.yaml'));
    const err = inputError(() => expandPaths([dir]));
    expect([err.file, err.line, err.reason]).toEqual([join(dir, 'a.yaml'), 0, 'a symbolic link loop (too many levels of symbolic links)']);
    expect(err.hint).toBe('point the link at a file or folder, or remove it');
    expect(inputError(() => loadPaths([join(dir, 'b.yaml')])).reason).toBe('a symbolic link loop (too many levels of symbolic links)');
  });

  test('a subfolder that cannot be listed (EACCES): permission denied, naming the folder', () => {
    const dir = tmp();
    mkdirSync(join(dir, 'sub'));
    const denied = Object.assign(new Error(`EACCES: permission denied, scandir '${join(dir, 'sub')}'`), { code: 'EACCES' });
    const real = fs.readdirSync;
    const spy = jest.spyOn(fs, 'readdirSync').mockImplementation(((path: string, options?: unknown) => {
      if (String(path) === join(dir, 'sub')) throw denied;
      return (real as (p: string, o?: unknown) => unknown)(path, options);
    }) as never);
    try {
      const err = inputError(() => expandPaths([dir]));
      expect([err.file, err.line, err.reason, err.hint]).toEqual([join(dir, 'sub'), 0, 'permission denied', 'make it readable, and a folder searchable']);
    } finally {
      spy.mockRestore();
    }
  });

  test('a folder given to an option that reads one file (--live, --tree, --argocd-cm): said so', () => {
    const err = inputError(() => readFile(tmp()));
    expect([err.reason, err.hint]).toEqual(['is a folder, not a file', 'give the file itself, e.g. the output of kubectl get ... -o json saved to live.json']);
  });
});
