/** The commands `watch` runs on every reading: placeholders filled, output read as JSON (or YAML). */
import { UsageError } from '../../src/cli/errors';
import { commandArgv, runJson } from '../../src/cli/json-command';

const fill = { name: 'shop', namespace: 'argocd', destinationNamespace: 'shop-prod' };

test('split on spaces, each placeholder filled, unknown braces kept as written', () => {
  expect(commandArgv('  kubectl get pods -n {destinationNamespace}  -o json ', fill, '--live-command'))
    .toEqual(['kubectl', 'get', 'pods', '-n', 'shop-prod', '-o', 'json']);
  expect(commandArgv('argocd app get {namespace}/{name} -o jsonpath={.status}', fill, '--command'))
    .toEqual(['argocd', 'app', 'get', 'argocd/shop', '-o', 'jsonpath={.status}']);
  expect(commandArgv('echo {constructor} {toString}', fill, '--command')).toEqual(['echo', '{constructor}', '{toString}']);
});

test('a placeholder the command uses with an empty value is refused, naming the option', () => {
  expect(() => commandArgv('kubectl get pods -n {destinationNamespace}', { ...fill, destinationNamespace: '' }, '--live-command'))
    .toThrow(new UsageError('--live-command uses {destinationNamespace}, which is empty for this Application; write the value in the command instead'));
  // Not used: no error.
  expect(commandArgv('kubectl get pods -A', { ...fill, destinationNamespace: '' }, '--live-command')).toEqual(['kubectl', 'get', 'pods', '-A']);
});

test('output read as JSON, or as YAML for a command given -o yaml', () => {
  expect(runJson([process.execPath, '-e', 'console.log(JSON.stringify({ kind: "List", items: [] }))'], '--live-command', 'hint')).toEqual({ kind: 'List', items: [] });
  expect(runJson([process.execPath, '-e', 'console.log("kind: Pod\\nmetadata: { name: a }")'], '--live-command', 'hint')).toEqual({ kind: 'Pod', metadata: { name: 'a' } });
});

test('a command that fails, prints no object or cannot start: one UsageError naming it', () => {
  const node = process.execPath;
  expect(() => runJson([node, '-e', 'console.error("Error from server (Forbidden): pods is forbidden\\nmore"); process.exit(1)'], '--live-command', 'hint'))
    .toThrow(/ failed: Error from server \(Forbidden\): pods is forbidden$/);
  expect(() => runJson([node, '-e', 'console.log("just words")'], '--live-command', 'give JSON')).toThrow(/printed no JSON: give JSON$/);
  expect(() => runJson(['no-such-tool-here', 'x'], '--tree-command', 'hint'))
    .toThrow(new UsageError('no-such-tool-here x: cannot run it (ENOENT); is no-such-tool-here on PATH? --tree-command sets another'));
});
