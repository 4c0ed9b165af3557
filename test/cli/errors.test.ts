import { InputError, oneLine, UsageError, where } from '../../src/cli/errors';

describe('oneLine: what the CLI prints on stderr before exiting 2', () => {
  test('input errors name file and line, then the fix', () => {
    expect(oneLine(new InputError('app.yaml', 12, 'object has no kind', 'add one'))).toBe('syncplan: app.yaml:12: object has no kind (add one)');
    expect(oneLine(new InputError('<stdin>', 0, 'permission denied', 'make it readable'))).toBe('syncplan: <stdin>: permission denied (make it readable)');
  });

  test('usage errors as given', () => {
    expect(oneLine(new UsageError('no input'))).toBe('syncplan: no input');
  });

  test('anything else is a bug: one line, never a stack, asking for a report', () => {
    const err = new TypeError('x is undefined\n    at foo (bar.js:1:1)');
    expect(oneLine(err)).toBe('syncplan: internal error: TypeError: x is undefined (this is a bug, please report it with the command you ran)');
    expect(oneLine('thrown string')).toMatch(/^syncplan: internal error: thrown string \(this is a bug/);
    expect(oneLine(undefined)).not.toContain('\n');
  });

  test('where: file:line, or the file alone when the line is unknown', () => {
    expect([where('a.yaml', 3), where('a.yaml', 0)]).toEqual(['a.yaml:3', 'a.yaml']);
  });
});
