/** Reading an Application or a resource tree: JSON or YAML, Lists expanded, errors with file and line. */
import { writeFileSync } from 'fs';
import { join } from 'path';
import { inputError, tempDirEach } from './helpers';
import { readValues } from '../../src/cli/read-object';

const dir = tempDirEach('syncplan-read');

test('JSON without kind (argocd app get), YAML documents, a List\'s items', () => {
  writeFileSync(join(dir(), 'a.json'), '{"metadata": {"name": "x"}, "status": {}}');
  expect(readValues(join(dir(), 'a.json')).map(v => v.value)).toEqual([{ metadata: { name: 'x' }, status: {} }]);
  writeFileSync(join(dir(), 'l.yaml'), 'kind: List\nitems:\n  - {kind: A}\n  - {kind: B}\n---\nkind: C\n');
  expect(readValues(join(dir(), 'l.yaml')).map(v => [(v.value as any).kind, v.line])).toEqual([['A', 1], ['B', 1], ['C', 6]]);
  expect(readValues('-', () => Buffer.from('{"kind": "X"}')).map(v => v.file)).toEqual(['<stdin>']);
});

test('empty, malformed or missing input: one line with the file and line', () => {
  writeFileSync(join(dir(), 'e.yaml'), '\n');
  expect(inputError(() => readValues(join(dir(), 'e.yaml'))).message).toMatch(/e\.yaml: the file is empty/);
  writeFileSync(join(dir(), 'b.yaml'), 'a: 1\nb: [\n');
  expect(inputError(() => readValues(join(dir(), 'b.yaml'))).message).toMatch(/b\.yaml:\d+: not valid YAML or JSON/);
  expect(inputError(() => readValues(join(dir(), 'none.yaml'))).message).toMatch(/none\.yaml/);
});
