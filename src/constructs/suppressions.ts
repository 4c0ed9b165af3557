import { ApiObject } from 'cdk8s';
import { IConstruct } from 'constructs';
import { rawAnnotations } from './cdk8s-internals';
import { RULE_IDS } from '../rules/pack';
import { notARuleId } from '../rules/suggest';
import { formatSuppressions, MIN_REASON_LENGTH, parseSuppressions, SUPPRESS_ANNOTATION, Suppression } from '../rules/suppress';

/**
 * Suppresses rule-pack findings on constructs, with a written reason (as cdk-nag's
 * `NagSuppressions`). The suppression is written as the `syncplan.cdk8s.io/suppress` annotation on
 * every ApiObject under the construct, so `cdk8s synth` and `syncplan lint` on the synthesized
 * YAML see the same suppression.
 */
export class Suppressions {
  /**
   * Suppresses `ruleId` on every ApiObject under `scope` (the scope itself included). Call it after
   * the objects exist: objects created later are not covered.
   *
   * @param scope a construct holding ApiObjects, or an ApiObject
   * @param ruleId the rule to silence, e.g. `wave-unneeded` (see docs/rules/)
   * @param reason why the finding does not apply here (at least 10 characters, no `;`)
   */
  public static add(scope: IConstruct, ruleId: string, reason: string): void {
    const where = scope.node.path || '<root>';
    if (!RULE_IDS.has(ruleId)) {
      throw new Error(`Suppressions.add(${where}): ${notARuleId(ruleId, RULE_IDS)}; use one of the ids listed in docs/rules/`);
    }
    if (ruleId === 'suppression-invalid') {
      throw new Error(`Suppressions.add(${where}): suppression-invalid cannot be suppressed; fix the suppression instead`);
    }
    const why = reason.trim();
    if (why.length < MIN_REASON_LENGTH || /[;\n]/.test(why)) {
      throw new Error(`Suppressions.add(${where}, ${ruleId}): write a reason of at least ${MIN_REASON_LENGTH} characters without ";" or new lines saying why the finding does not apply`);
    }
    const objects = scope.node.findAll().filter((c): c is ApiObject => c instanceof ApiObject);
    if (objects.length === 0) {
      throw new Error(`Suppressions.add(${where}, ${ruleId}): no ApiObject under ${where}; call it on the construct that holds the objects, after creating them`);
    }
    for (const o of objects) {
      const existing = parseSuppressions(rawAnnotations(o)[SUPPRESS_ANNOTATION], RULE_IDS);
      const merged: Suppression[] = [...existing.suppressions.filter(s => s.ruleId !== ruleId), { ruleId, reason: why }];
      // Broken hand-written entries are kept as written, so suppression-invalid still reports them.
      const broken = existing.problems.map(p => p.entry);
      o.metadata.addAnnotation(SUPPRESS_ANNOTATION, [...broken, formatSuppressions(merged)].join('; '));
    }
  }

  private constructor() {}
}
