import * as fc from 'fast-check';
import { KIND_ORDER } from '../../src/argo/kind-order';
import { howByKindOrder, KindRef, kindName, minimumGap, runsPods, waitsOnHealth, whyNotByKindOrder } from '../../src/argo/same-wave';

const cm = { group: '', kind: 'ConfigMap' };
const secret = { group: '', kind: 'Secret' };
const ns = { group: '', kind: 'Namespace' };
const deploy = { group: 'apps', kind: 'Deployment' };
const svc = { group: '', kind: 'Service' };
const crd = { group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition' };
const widget = { group: 'example.com', kind: 'Widget' };
const app = { group: 'argoproj.io', kind: 'Application' };

describe('minimumGap (kind order inside one step, runTasks)', () => {
  test.each([
    ['ConfigMap → Deployment', [cm], [deploy], 0],
    ['Secret + ConfigMap → Deployment', [secret, cm], [deploy], 0],
    ['Namespace → ConfigMap (Namespace ranks first, no health check)', [ns], [cm], 0],
    ['Namespace → custom resource (rank 0)', [ns], [widget], 0],
    ['Deployment → Service (health check)', [deploy], [svc], 1],
    ['CRD → custom resource (health check: Established)', [crd], [widget], 1],
    ['ConfigMap → ConfigMap (same rank)', [cm], [cm], 1],
    ['custom resource (rank 0) → Deployment (rank -8)', [widget], [deploy], 1],
    ['two unlisted kinds (both rank 0)', [widget], [app], 1],
    ['ConfigMap → Deployment + Secret (Secret ranks before ConfigMap)', [cm], [deploy, secret], 1],
    ['an empty side', [], [deploy], 1],
  ])('%s: gap %s', (_, before, after, gap) => {
    expect(minimumGap(before, after).gap).toBe(gap);
  });

  // Hooks and resources of one phase and wave are sorted together (sync_tasks.go Less) and created in
  // that order by runTasks; gitops-engine TestSync_SuccessfulSyncWithSyncFailHook starts a Sync hook
  // and a Pod in one call. A KindRef carries no hook flag: being a hook changes nothing here.
  test('a hook orders by its kind like any object: config before the migration Job shares its wave, the Job does not', () => {
    const job = { group: 'batch', kind: 'Job' };
    expect(minimumGap([secret, cm], [job])).toMatchObject({ gap: 0 });
    expect(minimumGap([job], [cm])).toMatchObject({ gap: 1, why: 'batch/Job has a health check, and only a later wave waits for it' });
    expect(minimumGap([cm], [job, secret])).toMatchObject({ gap: 1, why: 'Argo CD applies Secret before ConfigMap inside one wave' });
  });

  test('reasons name the kind that decides', () => {
    expect(whyNotByKindOrder(deploy, svc)).toBe('apps/Deployment has a health check, and only a later wave waits for it');
    expect(whyNotByKindOrder(widget, deploy)).toBe('Argo CD applies Deployment before Widget inside one wave');
    expect(whyNotByKindOrder(cm, cm)).toBe('ConfigMap and ConfigMap share a kind rank, so Argo CD applies them at the same time');
    expect(whyNotByKindOrder(cm, deploy)).toBeUndefined();
    expect(kindName(cm)).toBe('ConfigMap');
  });
});

describe('a Service waits only as a LoadBalancer (health_service.go: Healthy unless type LoadBalancer without ingress)', () => {
  const ingress = { group: 'networking.k8s.io', kind: 'Ingress' };
  const withSpec = (spec?: object) => ({ ...svc, manifest: { object: { apiVersion: 'v1', kind: 'Service', ...(spec ? { spec } : {}) } } });

  test.each([
    ['no spec (ClusterIP by default)', withSpec(), false],
    ['ClusterIP', withSpec({ type: 'ClusterIP' }), false],
    ['NodePort', withSpec({ type: 'NodePort' }), false],
    ['ExternalName', withSpec({ type: 'ExternalName' }), false],
    ['LoadBalancer', withSpec({ type: 'LoadBalancer' }), true],
    ['unknown object (kind only): the safe side', svc, true],
  ])('%s: waits %s', (_, ref, waits) => {
    expect(waitsOnHealth(ref)).toBe(waits);
    expect(minimumGap([ref], [ingress]).gap).toBe(waits ? 1 : 0);
  });

  test('reasons say which Service', () => {
    expect(whyNotByKindOrder(withSpec({ type: 'LoadBalancer' }), ingress)).toBe('Service of type LoadBalancer has a health check (an ingress address), and only a later wave waits for it');
    expect(whyNotByKindOrder(withSpec(), ingress)).toBeUndefined();
    expect(howByKindOrder(withSpec(), ingress)).toBe('Argo CD applies Service before Ingress by kind order, and a Service that is not a LoadBalancer is Healthy once applied');
    // Kind order still decides: a Deployment is applied after a Service, but before nothing of rank -13.
    expect(whyNotByKindOrder(withSpec(), { group: '', kind: 'ConfigMap' })).toBe('Argo CD applies ConfigMap before Service inside one wave');
  });
});

test('minimumGap (linear) agrees with the pairwise definition: gap 0 exactly when every pair is ordered by kind', () => {
  const GROUPS: Record<string, string> = {
    Deployment: 'apps',
    StatefulSet: 'apps',
    DaemonSet: 'apps',
    ReplicaSet: 'apps',
    Job: 'batch',
    CronJob: 'batch',
    Ingress: 'networking.k8s.io',
    PodDisruptionBudget: 'policy',
    CustomResourceDefinition: 'apiextensions.k8s.io',
    HorizontalPodAutoscaler: 'autoscaling',
    APIService: 'apiregistration.k8s.io',
  };
  const kinds: KindRef[] = [...KIND_ORDER.map((kind) => ({ group: GROUPS[kind] ?? '', kind })), widget, app];
  const ref = fc.record({ k: fc.nat(kinds.length - 1), hook: fc.boolean() }).map(({ k, hook }) => ({ ...kinds[k], hook: hook && k % 5 === 0 }));
  fc.assert(fc.property(fc.array(ref, { minLength: 1, maxLength: 6 }), fc.array(ref, { minLength: 1, maxLength: 6 }), (before, after) => {
    // A claim waits on Pods anywhere in the later group (a StatefulSet tier with its Service).
    const podsAfter = after.some(runsPods);
    const pairwise = before.every((a) => after.every((b) => whyNotByKindOrder(a, b, podsAfter) === undefined));
    const d = minimumGap(before, after);
    expect(d.gap).toBe(pairwise ? 0 : 1);
    if (d.gap === 1) expect(before.some((a) => after.some((b) => whyNotByKindOrder(a, b, podsAfter) === d.why))).toBe(true);
  }), { numRuns: 500 });
});

describe('minimumGap for claims', () => {
  const pvc: KindRef = { group: '', kind: 'PersistentVolumeClaim' };
  const sts: KindRef = { group: 'apps', kind: 'StatefulSet' };

  test('a claim before workloads that run Pods: gap 0, with the reason', () => {
    expect(minimumGap([pvc], [sts, { group: 'batch', kind: 'Job' }])).toEqual({
      gap: 0, why: 'kind order inside one wave applies them first, and the Pods that mount a claim wait for it to be Bound', pair: [pvc, sts],
    });
    expect(howByKindOrder(pvc, sts)).toBe('Argo CD applies PersistentVolumeClaim before StatefulSet by kind order, '
      + 'the Pods of StatefulSet that mount the claim wait for it to be Bound, and the step waits for both');
    expect(howByKindOrder(cm, sts)).toBe('Argo CD applies ConfigMap before StatefulSet by kind order, and ConfigMap has no health check to wait for');
  });

  test('only the core group claim, only before Pod-running kinds', () => {
    expect(minimumGap([pvc], [cm]).gap).toBe(1);
    expect(minimumGap([pvc], [{ group: 'batch', kind: 'Job' }]).gap).toBe(0); // a Sync hook Job that mounts it, too
    expect(minimumGap([pvc], [{ group: 'example.com', kind: 'StatefulSet' }]).gap).toBe(1);
    expect(whyNotByKindOrder(sts, pvc)).toBe('apps/StatefulSet has a health check, and only a later wave waits for it');
    expect(runsPods({ group: 'extensions', kind: 'Deployment' })).toBe(false);
  });

  test('every kind that runs Pods ranks after PersistentVolumeClaim, so kind order applies the claim first', () => {
    const claimRank = KIND_ORDER.indexOf('PersistentVolumeClaim');
    for (const kind of ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'ReplicationController', 'Pod', 'Job', 'CronJob']) {
      expect(KIND_ORDER.indexOf(kind)).toBeGreaterThan(claimRank);
    }
    expect(KIND_ORDER).not.toContain('Rollout'); // unlisted: rank 0, after every listed kind
  });

  test('minimumGap (linear) agrees with the pairwise definition, claims and Pod-running kinds included', () => {
    const kinds: KindRef[] = [
      pvc, sts, cm,
      { group: '', kind: 'Secret' }, { group: '', kind: 'Service' }, { group: '', kind: 'Pod' },
      { group: 'apps', kind: 'Deployment' }, { group: 'batch', kind: 'CronJob' }, { group: 'argoproj.io', kind: 'Rollout' },
      { group: 'autoscaling', kind: 'HorizontalPodAutoscaler' }, { group: 'example.com', kind: 'Deployment' },
      { group: 'example.com', kind: 'PersistentVolumeClaim' }, { group: 'example.com', kind: 'Widget' },
      { group: 'rbac.authorization.k8s.io', kind: 'Role' }, { group: 'storage.k8s.io', kind: 'StorageClass' },
    ];
    const ref = fc.record({ k: fc.nat(kinds.length - 1), hook: fc.integer({ min: 0, max: 9 }) })
      .map(({ k, hook }) => ({ ...kinds[k], hook: hook === 0 }));
    fc.assert(fc.property(fc.array(ref, { minLength: 1, maxLength: 5 }), fc.array(ref, { minLength: 1, maxLength: 5 }), (before, after) => {
      // A claim waits on Pods anywhere in the later group (a StatefulSet tier with its Service).
      const podsAfter = after.some(runsPods);
      const pairwise = before.every((a) => after.every((b) => whyNotByKindOrder(a, b, podsAfter) === undefined));
      const d = minimumGap(before, after);
      expect(d.gap).toBe(pairwise ? 0 : 1);
      if (d.gap === 1) expect(before.some((a) => after.some((b) => whyNotByKindOrder(a, b, podsAfter) === d.why))).toBe(true);
    }), { numRuns: 1000 });
  });
});
