/**
 * A key repeated in one YAML mapping (src/cli/documents.ts). argo-cd reads manifests with sigs.k8s.io/yaml's
 * non-strict Unmarshal (apimachinery pkg/util/yaml YAMLToJSONDecoder), which keeps the last value without a word
 * (sigs.k8s.io/yaml yaml_test.go TestYAMLToJSONStrictFails "duplicate struct value"); syncplan refuses the file at
 * the repeated key, naming it, rather than drop the first value silently.
 */
import { inputError } from './helpers';
import { parseManifests } from '../../src/cli/load';

const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n';

test('a repeated key is refused naming the key and what Argo CD would silently do with it', () => {
  const text = `${cm}  annotations:\n    argocd.argoproj.io/sync-wave: "1"\n    "argocd.argoproj.io/sync-wave": "3"\n`;
  const err = inputError(() => parseManifests(text, 'bad.yaml'));
  expect(err.line).toBe(7);
  expect(err.reason).toBe('invalid YAML: Map keys must be unique: argocd.argoproj.io/sync-wave is repeated; Argo CD (sigs.k8s.io/yaml) would silently keep its last value');
  expect(err.hint).toBe('remove the argocd.argoproj.io/sync-wave you do not mean');
});

test('a repeated list item key and a single-quoted key are named too', () => {
  expect(inputError(() => parseManifests(`${cm}data:\n  - k: 1\n    k: 2\n`, 'bad.yaml')).reason).toMatch(/: k is repeated; /);
  expect(inputError(() => parseManifests(`${cm}data:\n  'a b': 1\n  'a b': 2\n`, 'bad.yaml')).reason).toMatch(/: a b is repeated; /);
});
