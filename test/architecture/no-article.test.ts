/**
 * #10 §6 and #10 §7: what the library says cites what is in the repository. "The article" this project grew
 * from is not in it, so no message, fix or comment in src/, no page of docs/, no example and not the README may
 * lean on it.
 */
import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';

const ROOT = join(__dirname, '..', '..');

function files(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, ext) : path.endsWith(ext) ? [path] : [];
  });
}

test('src/, docs/, examples/ and the README never refer to "the article"', () => {
  const found = [...files(join(ROOT, 'src'), '.ts'), ...files(join(ROOT, 'docs'), '.md'), ...files(join(ROOT, 'examples'), '.ts'),
    ...files(join(ROOT, 'examples'), '.yaml'), join(ROOT, 'README.md')]
    .flatMap((f) => readFileSync(f, 'utf8').split('\n').map((line, i) => [`${relative(ROOT, f)}:${i + 1}`, line]))
    .filter(([, line]) => /\barticle\b/i.test(line))
    .map(([where]) => where);
  expect(found).toEqual([]);
});
