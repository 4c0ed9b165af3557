import { parseAllDocuments } from 'yaml';
import { lint } from '../../../src/rules';

function manifests(yaml: string) {
  return parseAllDocuments(yaml).map((d, index) => ({ object: d.toJSON(), source: { file: 'app.yaml', line: 0, index } }));
}

const TWO_WAVES = (annotation: string) => `
apiVersion: apps/v1
kind: StatefulSet
metadata: { name: pg, namespace: shop, annotations: { argocd.argoproj.io/sync-wave: "0" } }
spec: { selector: { matchLabels: { app: pg } }, template: { metadata: { labels: { app: pg } }, spec: { containers: [{ name: pg, image: pg }] } } }
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: after-db
  namespace: shop
  annotations:
    argocd.argoproj.io/sync-wave: "1"
${annotation}
`;

describe('wave-unneeded', () => {
  test('fires on a wave nothing visibly needs', () => {
    expect(lint(manifests(TWO_WAVES(''))).map((f) => f.rule)).toContain('wave-unneeded');
  });

  test('respects a declared dependency on the wave before (syncplan.cdk8s.io/depends-on)', () => {
    const declared = TWO_WAVES('    syncplan.cdk8s.io/depends-on: apps/StatefulSet//pg');
    expect(lint(manifests(declared)).map((f) => f.rule)).not.toContain('wave-unneeded');
  });

  test('a declared dependency on something not in the wave before does not count', () => {
    const elsewhere = TWO_WAVES('    syncplan.cdk8s.io/depends-on: apps/StatefulSet//other');
    expect(lint(manifests(elsewhere)).map((f) => f.rule)).toContain('wave-unneeded');
  });
});
