/** `syncplan explain` of an ApplicationSet: the RollingSync steps, the rolling one, and each blocked Application's own explanation. */
import { explanationJson } from './explain-json';
import { renderExplanationText } from './explain-text';
import type { AppSetRollout } from '../argo/live/appset';
import type { Explanation } from '../argo/live/explanation';
import { compareBytes } from '../argo/sort';

export function renderAppSetText(r: AppSetRollout, apps: ReadonlyMap<string, Explanation>): string {
  const lines: string[] = [];
  if (!r.progressive) {
    lines.push(`ApplicationSet ${r.name}: strategy ${r.strategy}, no RollingSync steps: every Application syncs on its own, in no order`);
  } else if (r.rollingStep === undefined) {
    lines.push(`ApplicationSet ${r.name}: RollingSync done, all ${r.steps.length} steps Healthy`);
  } else {
    lines.push(`ApplicationSet ${r.name}: RollingSync step ${r.rollingStep} of ${r.steps.length} is rolling`);
  }
  for (const step of r.steps) {
    const mark = step.step === r.rollingStep ? '  <- rolling' : step.healthy ? '' : '  (waits for the steps before)';
    lines.push(`  step ${step.step}${mark}`);
    if (step.applications.length === 0) lines.push('    (no Application: the step passes at once)');
    for (const a of step.applications) lines.push(`    ${a.application}: ${a.status || 'no status'}${a.message ? `: ${a.message}` : ''}`);
  }
  if (r.unmatched.length > 0) lines.push(`  matching no step (never synced by the controller): ${r.unmatched.join(', ')}`);
  if (r.pending.length > 0) lines.push('', `Pending (${r.pending.length}): ${r.pending.map(a => `${a.application} (${a.status})`).join(', ')}`);
  for (const c of r.conditions.filter(x => x.status === 'True' && x.type !== 'ResourcesUpToDate')) lines.push(`Condition ${c.type}: ${c.message}`);
  const sections = [lines.join('\n')];
  for (const a of r.pending) {
    const e = apps.get(a.application);
    if (e) sections.push(`--- ${a.application} ---\n${renderExplanationText(e).trimEnd()}`);
  }
  const missing = r.pending.filter(a => a.step === r.rollingStep && !apps.has(a.application)).map(a => a.application);
  if (missing.length > 0) sections.push(`Give the Application objects of ${missing.join(', ')} with the ApplicationSet to see why they are blocked.`);
  return sections.join('\n\n') + '\n';
}

export function renderAppSetJson(r: AppSetRollout, apps: ReadonlyMap<string, Explanation>): string {
  return JSON.stringify({
    applicationSet: r.name,
    strategy: r.strategy,
    progressive: r.progressive,
    rollingStep: r.rollingStep ?? null,
    steps: r.steps.map(s => ({
      step: s.step,
      healthy: s.healthy,
      applications: s.applications.map(a => ({ application: a.application, status: a.status, message: a.message })),
    })),
    pending: r.pending.map(a => a.application),
    unmatched: [...r.unmatched],
    applications: Object.fromEntries([...apps.entries()].sort(([a], [b]) => compareBytes(a, b)).map(([k, e]) => [k, explanationJson(e)])),
  }, null, 2) + '\n';
}
