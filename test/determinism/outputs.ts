/**
 * Every text the CLI prints for a set of manifests, produced in-process the way its commands do
 * (plan text with time and findings, plan JSON, lint text/JSON/SARIF, Mermaid and SVG diagrams).
 */
import { buildPlan } from '../../src/argo/plan';
import type { Manifest, PlanOptions } from '../../src/argo/types';
import { diagramModel } from '../../src/report/diagram';
import { findingsTextSection, renderFindingsText } from '../../src/report/findings-text';
import { renderMermaid } from '../../src/report/mermaid';
import { planToJson } from '../../src/report/plan-json';
import { joinSections, planTextSections } from '../../src/report/plan-text';
import { renderSarif } from '../../src/report/sarif';
import { renderSvg } from '../../src/report/svg';
import { estimateTime, timeJson, timeTextSection } from '../../src/report/timing';
import { ALL_RULES, docsUrl, findingToJson, lintReport } from '../../src/rules';

export interface Outputs {
  readonly planText: string;
  readonly planJson: string;
  readonly lintText: string;
  readonly lintJson: string;
  readonly sarif: string;
  readonly mermaid: string;
  readonly svg: string;
}

export function outputs(manifests: readonly Manifest[], options: PlanOptions = {}): Outputs {
  const plan = buildPlan(manifests, options);
  const { findings, suppressed } = lintReport(manifests, options, plan);
  const estimate = estimateTime(plan, { waveDelaySeconds: 2 });
  const time = timeTextSection(estimate);
  // `syncplan lint` builds its own plan: run that path too.
  const lint = lintReport(manifests, options);
  const model = diagramModel(plan, { waveDelaySeconds: 2 });
  return {
    planText: joinSections([...planTextSections(plan), time, findingsTextSection(findings, suppressed)]),
    // As `plan -f json` writes it: the documented keys, then the time estimate and the findings.
    planJson: JSON.stringify({ ...planToJson(plan), time: timeJson(estimate), findings: findings.map((f) => findingToJson(f)) }, null, 2) + '\n',
    lintText: renderFindingsText(lint.findings, lint.suppressed),
    lintJson: JSON.stringify({
      findings: lint.findings.map((f) => findingToJson(f)),
      suppressed: lint.suppressed.map((f) => findingToJson(f, f.reason)),
    }, null, 2),
    sarif: renderSarif(lint.findings, lint.suppressed, { rules: ALL_RULES, docsUrl, version: '0.0.0' }),
    mermaid: renderMermaid(model),
    svg: renderSvg(model),
  };
}
