/** gitops-engine `TestHPA` (v1 with the conditions annotation, v2beta1, v2beta2, v2), own objects. */
import * as fc from 'fast-check';
import { hpaDegradedBy, hpaHealth } from '../../../src/argo/live-health/hpa';

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
  test('v2beta2 / v2beta1 healthy, ScalingLimited True counts (the healthy-disabled case)', () => {
    expect(hpaHealth(v2('autoscaling/v2beta2', [{ type: 'AbleToScale', status: 'True' }])).status).toBe('Healthy');
    expect(hpaHealth(v2('autoscaling/v2beta1', [{ type: 'ScalingLimited', status: 'True', reason: 'TooFewReplicas' }])).status).toBe('Healthy');
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

test('hpaDegradedBy names a condition exactly when hpaHealth is Degraded, and the condition it took its message from', () => {
  const condition = fc.record({
    type: fc.constantFrom('AbleToScale', 'ScalingActive', 'ScalingLimited', 'Other'),
    status: fc.constantFrom('True', 'False', 'Unknown'),
    reason: fc.constantFrom('FailedGetScale', 'FailedUpdateScale', 'FailedGetResourceMetric', 'InvalidSelector', 'SucceededRescale', 'TooFewReplicas'),
    message: fc.string({ maxLength: 8 }),
  });
  fc.assert(fc.property(fc.constantFrom('autoscaling/v2', 'autoscaling/v2beta2', 'autoscaling/v1'), fc.array(condition, { maxLength: 5 }), (apiVersion, conditions) => {
    const obj = apiVersion === 'autoscaling/v1' ? v1(JSON.stringify(conditions)) : v2(apiVersion, conditions);
    const health = hpaHealth(obj);
    const by = hpaDegradedBy(obj);
    expect(by !== undefined).toBe(health.status === 'Degraded');
    if (by) expect(by.message).toBe(health.message);
  }));
});
