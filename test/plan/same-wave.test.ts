import { kindName, minimumGap, whyNotByKindOrder } from '../../src/plan';

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

  test('a hook on either side always takes a wave', () => {
    expect(minimumGap([{ ...cm, hook: true }], [deploy]).gap).toBe(1);
    expect(minimumGap([cm], [{ ...deploy, hook: true }]).gap).toBe(1);
  });

  test('reasons name the kind that decides', () => {
    expect(whyNotByKindOrder(deploy, svc)).toBe('apps/Deployment has a health check, and only a later wave waits for it');
    expect(whyNotByKindOrder(widget, deploy)).toBe('Argo CD applies Deployment before Widget inside one wave');
    expect(whyNotByKindOrder(cm, cm)).toBe('ConfigMap and ConfigMap share a kind rank, so Argo CD applies them at the same time');
    expect(whyNotByKindOrder(cm, deploy)).toBeUndefined();
    expect(kindName(cm)).toBe('ConfigMap');
  });
});
