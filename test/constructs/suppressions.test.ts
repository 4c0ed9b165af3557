/** Suppressions.add (src/constructs/suppressions.ts): suppression annotations written from the construct tree, honoured by lint. */
import { ApiObject, Chart, Testing } from 'cdk8s';
import { Construct } from 'constructs';
import { Manifest } from '../../src/argo/types';
import { Suppressions } from '../../src/constructs/suppressions';
import { lintReport, SUPPRESS_ANNOTATION } from '../../src/rules';

describe('Suppressions.add (constructs)', () => {
  function chartWith(): { chart: Chart; group: Construct; cmObj: ApiObject } {
    const chart = new Chart(Testing.app(), 'chart');
    const group = new Construct(chart, 'group');
    const cmObj = new ApiObject(group, 'cfg', {
      apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', annotations: { 'argocd.argoproj.io/sync-wave': '+1' } },
    });
    new ApiObject(group, 'other', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'other' } });
    return { chart, group, cmObj };
  }

  const manifests = (chart: Chart): Manifest[] =>
    chart.toJson().map((object: Record<string, unknown>, index: number) => ({ object, source: { file: chart.node.path, line: 0, index } }));

  test('writes the annotation on every ApiObject under the construct; lint of the rendered objects honours it', () => {
    const { chart, group } = chartWith();
    Suppressions.add(group, 'wave-not-canonical', 'kept for compatibility with an older pipeline');
    const objects = chart.toJson();
    expect(objects.map((o: any) => o.metadata.annotations[SUPPRESS_ANNOTATION])).toEqual([
      'wave-not-canonical: kept for compatibility with an older pipeline',
      'wave-not-canonical: kept for compatibility with an older pipeline',
    ]);
    const report = lintReport(manifests(chart));
    expect(report.findings.filter(f => f.rule === 'wave-not-canonical')).toEqual([]);
    expect(report.suppressed.map(f => f.name)).toEqual(['cfg']);
  });

  test('merges with suppressions already on the object, replacing the same rule', () => {
    const { chart, cmObj } = chartWith();
    Suppressions.add(cmObj, 'wave-unneeded', 'orders a webhook the manifests do not show');
    Suppressions.add(cmObj, 'wave-not-canonical', 'first reason, replaced below');
    Suppressions.add(cmObj, 'wave-not-canonical', 'kept for an older pipeline');
    const cfg = chart.toJson().find((o: any) => o.metadata.name === 'cfg');
    expect(cfg.metadata.annotations[SUPPRESS_ANNOTATION])
      .toBe('wave-unneeded: orders a webhook the manifests do not show; wave-not-canonical: kept for an older pipeline');
  });

  test('refuses unknown rules, short reasons, reasons with ";" and scopes without objects, with one clear line', () => {
    const { chart, group } = chartWith();
    expect(() => Suppressions.add(group, 'no-such-rule', 'a perfectly good reason')).toThrow(/"no-such-rule" is not a rule id/);
    expect(() => Suppressions.add(group, 'wave-unneded', 'a perfectly good reason')).toThrow(/"wave-unneded" is not a rule id \(did you mean "wave-unneeded"\?\)/);
    expect(() => Suppressions.add(group, 'wave-unneeded', 'because')).toThrow(/at least 10 characters/);
    expect(() => Suppressions.add(group, 'wave-unneeded', 'one reason; another')).toThrow(/without ";"/);
    expect(() => Suppressions.add(group, 'suppression-invalid', 'a perfectly good reason')).toThrow(/cannot be suppressed/);
    expect(() => Suppressions.add(new Construct(chart, 'empty'), 'wave-unneeded', 'a perfectly good reason')).toThrow(/no ApiObject under chart\/empty/);
  });
});
