/**
 * One write of an apply task against the simulated cluster (`apply-call.ts`): kubectl's output per call
 * (gitops-engine `TestSync_Replace` / `TestSync_ServerSideApply` name the calls; the words are kubectl's printers)
 * and the annotation limit only a client-side apply hits. Data of our own.
 */
import { planOf } from './helpers';
import { applyCall } from '../../../src/argo/simulate/apply-call';
import { Cluster } from '../../../src/argo/simulate/cluster';
import { m, manifest } from '../../fixtures/manifests';

function call(target: ReturnType<typeof m>, live: ReturnType<typeof m>[] = [], syncOptions: string[] = []) {
  const task = planOf([target], { live }).steps[0].tasks.find(t => t.action === 'apply')!;
  return applyCall(task, new Cluster({ live, syncOptions }), { syncOptions, live });
}

const cm = (data: Record<string, string>, extra: Record<string, unknown> = {}) =>
  manifest({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', namespace: 'app', ...extra }, data });

describe('applyCall', () => {
  test('nothing live: created; a live object that differs: configured', () => {
    expect(call(cm({ a: '1' })).message).toBe('configmap/cfg created');
    expect(call(cm({ a: '1' }), [cm({ a: '0' })]).message).toBe('configmap/cfg configured');
  });

  test('unchanged only for an empty patch: the live last-applied-configuration already holds the manifest', () => {
    const target = cm({ a: '1' });
    // Equal, but not applied by kubectl before: the apply adds the annotation, so "configured".
    expect(call(target, [cm({ a: '1' })]).message).toBe('configmap/cfg configured');
    const applied = cm({ a: '1' }, { annotations: { 'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify(target.object) } });
    expect(call(target, [applied]).message).toBe('configmap/cfg unchanged');
  });

  test('Replace=true and ServerSideApply=true change the words and lift the annotation limit', () => {
    const big = cm({ blob: 'x'.repeat(300 * 1024) });
    expect(call(big).error).toMatch(/metadata\.annotations: Too long/);
    expect(call(big, [], ['Replace=true'])).toMatchObject({ message: 'configmap/cfg created', decision: { method: 'create' } });
    expect(call(big, [cm({})], ['Replace=true']).message).toBe('configmap/cfg replaced');
    const ssa = call(big, [], ['ServerSideApply=true']);
    expect([ssa.message, ssa.error]).toEqual(['configmap/cfg serverside-applied', undefined]);
  });
});
