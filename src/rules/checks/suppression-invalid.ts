import { quote } from '../quote';
import { parseSuppressions, SUPPRESS_ANNOTATION, suppressAnnotationOf } from '../suppress';
import type { Hit, Rule } from '../types';

/** cdk-nag's rule: a suppression must name a rule and say why; otherwise it is itself a finding. */
export const suppressionInvalid: Rule = {
  id: 'suppression-invalid',
  defaultLevel: 'error',
  title: 'A suppression without a reason or for an unknown rule',
  check(ctx) {
    const hits: Hit[] = [];
    for (const manifest of ctx.withAnnotation(SUPPRESS_ANNOTATION)) {
      const { problems } = parseSuppressions(suppressAnnotationOf(manifest.object), ctx.knownRuleIds);
      for (const p of problems) {
        hits.push({
          manifest,
          message: `${SUPPRESS_ANNOTATION} entry ${quote(p.entry)} is not a valid suppression: ${p.problem}`,
          fix: 'write "<rule-id>: <why this is fine here>" entries separated by ";" (rule ids are listed in docs/rules/)',
          path: ['metadata', 'annotations', SUPPRESS_ANNOTATION],
        });
      }
    }
    return hits;
  },
};
