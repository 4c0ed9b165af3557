/** gitops-engine `TestHPA` (v1 with the conditions annotation, v2beta1 and v2beta2 before 3.5, v2), own objects. */
import * as fc from 'fast-check';
import { hpaDegradedBy, hpaHealth } from '../../../src/argo/live-health/hpa';
import { ARGOCD_VERSIONS } from '../../../src/argo/versions';

const v2 = (apiVersion: string, conditions: object[]) => ({ apiVersion, kind: 'HorizontalPodAutoscaler', metadata: { name: 'h' }, status: { conditions } });
const v1 = (annotation?: string) => ({ apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'h', annotations: annotation === undefined ? {} : { 'autoscaling.alpha.kubernetes.io/conditions': annotation } } });

describe('TestHPA', () => {
  test('v2 healthy: AbleToScale True', () => {
    expect(hpaHealth(v2('autoscaling/v2', [{ type: 'AbleToScale', status: 'True', reason: 'SucceededRescale', message: 'recommended size matches' }])))
      .toEqual({ status: 'Healthy', message: 'recommended size matches' });
  });
  test('v2 degraded: ScalingActive FailedGetResourceMetric', () => {
    expect(hpaHealth(v2('autoscaling/v2', [{ type: 'ScalingActive', status: 'False', reason: 'FailedGetResourceMetric', message: 'no metrics' }])).status).toBe('Degraded');
  });
  test('v2 progressing: no deciding condition', () => {
    expect(hpaHealth(v2('autoscaling/v2', [{ type: 'ScalingActive', status: 'True', reason: 'ValidMetricFound' }]))).toEqual({ status: 'Progressing', message: 'Waiting to Autoscale' });
  });
  test('v2beta2 / v2beta1 healthy before 3.5, ScalingLimited True counts (the healthy-disabled case)', () => {
    expect(hpaHealth(v2('autoscaling/v2beta2', [{ type: 'AbleToScale', status: 'True' }]), '3.4').status).toBe('Healthy');
    expect(hpaHealth(v2('autoscaling/v2beta1', [{ type: 'ScalingLimited', status: 'True', reason: 'TooFewReplicas' }]), '3.4').status).toBe('Healthy');
  });
  test('v1: conditions from the annotation; degraded, healthy, too-few healthy, progressing, none', () => {
    expect(hpaHealth(v1(JSON.stringify([{ type: 'AbleToScale', status: 'False', reason: 'FailedGetScale', message: 'x' }]))).status).toBe('Degraded');
    expect(hpaHealth(v1(JSON.stringify([{ type: 'AbleToScale', status: 'True', reason: 'ReadyForNewScale' }]))).status).toBe('Healthy');
    expect(hpaHealth(v1(JSON.stringify([{ type: 'ScalingLimited', status: 'True', reason: 'TooFewReplicas' }]))).status).toBe('Healthy');
    expect(hpaHealth(v1(JSON.stringify([{ type: 'ScalingActive', status: 'True' }]))).status).toBe('Progressing');
    expect(hpaHealth(v1())).toEqual({ status: 'Progressing', message: 'Waiting to Autoscale' });
  });
  test('v1 with a malformed annotation is a conversion error', () => {
    expect(() => hpaHealth(v1('not json'))).toThrow(/failed to convert conditions annotation to typed/);
  });
});

test('hpaDegradedBy names a condition exactly when hpaHealth is Degraded, and the condition it took its message from (3.4, v2beta* read)', () => {
  const condition = fc.record({
    type: fc.constantFrom('AbleToScale', 'ScalingActive', 'ScalingLimited', 'Other'),
    status: fc.constantFrom('True', 'False', 'Unknown'),
    reason: fc.constantFrom('FailedGetScale', 'FailedUpdateScale', 'FailedGetResourceMetric', 'InvalidSelector', 'SucceededRescale', 'TooFewReplicas'),
    message: fc.string({ maxLength: 8 }),
  });
  fc.assert(fc.property(fc.constantFrom('autoscaling/v2', 'autoscaling/v2beta2', 'autoscaling/v1'), fc.array(condition, { maxLength: 5 }), (apiVersion, conditions) => {
    const obj = apiVersion === 'autoscaling/v1' ? v1(JSON.stringify(conditions)) : v2(apiVersion, conditions);
    const health = hpaHealth(obj, '3.4');
    const by = hpaDegradedBy(obj, '3.4');
    expect(by !== undefined).toBe(health.status === 'Degraded');
    if (by) expect(by.message).toBe(health.message);
  }));
});

/**
 * gitops-engine `TestHPA` since 3.5: `checkConditions` looks for a failed condition in every
 * condition before a healthy one, four more ScalingActive reasons fail (argo-cd PR #26274, testdata
 * hpa-v1-degraded-failedgetobjectmetric, and hpa-v1-healthy rewritten because it was that case), and
 * autoscaling/v2beta1 and v2beta2 are no longer converted (PR #27887). Own objects.
 */
describe('TestHPA: a failed condition wins since 3.5', () => {
  const scaled = { type: 'AbleToScale', status: 'True', reason: 'SucceededGetScale', message: 'the HPA controller was able to get the target\'s current scale' };
  const failing = (reason: string) => ({ type: 'ScalingActive', status: 'False', reason, message: `cannot scale: ${reason}` });

  test('metrics unavailable after AbleToScale True: Degraded since 3.5, Healthy before (the old hpa-v1-healthy)', () => {
    const obj = v2('autoscaling/v2', [scaled, failing('FailedGetResourceMetric')]);
    expect(hpaHealth(obj)).toEqual({ status: 'Degraded', message: 'cannot scale: FailedGetResourceMetric' });
    expect(hpaHealth(obj, '3.5').status).toBe('Degraded');
    expect(hpaHealth(obj, '3.4')).toEqual({ status: 'Healthy', message: scaled.message });
    expect(hpaDegradedBy(obj, '3.4')).toBeUndefined();
    expect(hpaDegradedBy(obj)).toEqual({ reason: 'FailedGetResourceMetric', message: 'cannot scale: FailedGetResourceMetric' });
    const v1Obj = v1(JSON.stringify([scaled, failing('FailedGetResourceMetric')]));
    expect([hpaHealth(v1Obj, '3.4').status, hpaHealth(v1Obj, '3.5').status]).toEqual(['Healthy', 'Degraded']);
  });

  test('the custom, pods, external metric and compute reasons fail since 3.5; before, only the resource metric one', () => {
    for (const reason of ['FailedGetObjectMetric', 'FailedGetPodsMetric', 'FailedGetExternalMetric', 'FailedComputeMetricsReplicas']) {
      const obj = v2('autoscaling/v2', [failing(reason)]);
      expect([hpaHealth(obj, '3.4').status, hpaHealth(obj, '3.5').status, hpaHealth(obj).status]).toEqual(['Progressing', 'Degraded', 'Degraded']);
    }
  });

  test('autoscaling/v2beta1 and v2beta2 are an unsupported GVK since 3.5 (Unknown through liveHealth)', () => {
    const beta = v2('autoscaling/v2beta2', [scaled]);
    expect(hpaHealth(beta, '3.4').status).toBe('Healthy');
    expect(() => hpaHealth(beta, '3.5')).toThrow('unsupported HPA GVK: autoscaling/v2beta2, Kind=HorizontalPodAutoscaler');
    expect(hpaDegradedBy(beta, '3.5')).toBeUndefined();
  });
});

test('hpaDegradedBy agrees with hpaHealth in every version modelled, the reasons of 3.5 included', () => {
  const condition = fc.record({
    type: fc.constantFrom('AbleToScale', 'ScalingActive', 'ScalingLimited', 'Other'),
    status: fc.constantFrom('True', 'False', 'Unknown'),
    reason: fc.constantFrom('FailedGetScale', 'FailedGetResourceMetric', 'FailedGetObjectMetric', 'FailedGetExternalMetric', 'FailedComputeMetricsReplicas', 'InvalidSelector', 'SucceededRescale'),
    message: fc.string({ maxLength: 8 }),
  });
  fc.assert(fc.property(fc.constantFrom(...ARGOCD_VERSIONS), fc.constantFrom('autoscaling/v2', 'autoscaling/v1'), fc.array(condition, { maxLength: 5 }), (version, apiVersion, conditions) => {
    const obj = apiVersion === 'autoscaling/v1' ? v1(JSON.stringify(conditions)) : v2(apiVersion, conditions);
    const health = hpaHealth(obj, version);
    const by = hpaDegradedBy(obj, version);
    expect(by !== undefined).toBe(health.status === 'Degraded');
    if (by) expect(by.message).toBe(health.message);
  }));
});
