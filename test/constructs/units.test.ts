/**
 * Which unit each object belongs to, and how a lone object's phase and wave are read: by
 * `src/argo` (the one reader of Argo CD's annotations), as the CLI reads them.
 */
import { ApiObject, Chart, Testing } from 'cdk8s';
import { Construct } from 'constructs';
import { configMap, newChart, synthError, wavesByName } from './helpers';
import { ArgoApplication, SyncOrder, SyncWaves, SynthChecks, Tier } from '../../src';

describe('a member in another chart', () => {
  test('fails the synth naming both charts and the fix, instead of dropping the order', () => {
    const app = Testing.app();
    const db = new Chart(app, 'db', { disableResourceNameHashes: true });
    const web = new Chart(app, 'web', { disableResourceNameHashes: true });
    const pg = configMap(db, 'pg');
    const first = new Tier(web, 'first').add(configMap(web, 'a'));
    new Tier(web, 'data', { after: [first] }).add(pg);
    const error = synthError(web);
    expect(error).toContain('Tier web/data (chart web) has member db/pg, whose objects are in chart db');
    expect(error).toContain('move db/pg into chart web, or keep it where it is and order the two Applications');
  });

  test('a member holding objects of this chart and of a chart nested in it fails the synth naming the nested chart, instead of ordering only the first', () => {
    const app = Testing.app();
    const shop = new Chart(app, 'shop', { disableResourceNameHashes: true });
    const backend = new Construct(shop, 'backend');
    configMap(backend, 'settings');
    const dbChart = new Chart(backend, 'db', { disableResourceNameHashes: true });
    configMap(dbChart, 'pg');
    const base = new Tier(shop, 'base').add(backend);
    new Tier(shop, 'app', { after: [base] }).add(configMap(shop, 'web'));
    const error = synthError(shop);
    expect(error).toContain('Tier shop/base (chart shop) has member shop/backend, which also holds objects of chart shop/backend/db (shop/backend/db/pg)');
    expect(error).toContain('sync both charts in one ArgoApplication');
  });

  test('a member holding a nested chart synced with its chart by one ArgoApplication orders both', () => {
    const app = Testing.app();
    const shop = new Chart(app, 'shop', { disableResourceNameHashes: true });
    const backend = new Construct(shop, 'backend');
    const settings = configMap(backend, 'settings');
    const dbChart = new Chart(backend, 'db', { disableResourceNameHashes: true });
    const pg = configMap(dbChart, 'pg');
    const base = new Tier(shop, 'base').add(backend);
    const web = configMap(shop, 'web');
    new Tier(shop, 'app', { after: [base] }).add(web);
    new ArgoApplication(new Chart(app, 'parent'), 'shop', { charts: [shop, dbChart], repoURL: 'https://git.example.com/shop.git', path: 'dist' });
    expect(synthError(shop)).toBe('');
    for (const before of [settings, pg]) SyncOrder.of(shop).assertBefore(before, web);
  });

  test('a member with no objects yet is no error (objects may come later)', () => {
    const chart = newChart();
    const later = new ApiObject(chart, 'x', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } });
    const t = new Tier(chart, 't');
    t.add(later);
    expect(synthError(chart)).toBe('');
  });
});

describe('a lone object is read as Argo CD reads it', () => {
  test('helm.sh/hook pre-install is a PreSync hook, like argocd.argoproj.io/hook PreSync (no "sync order broken")', () => {
    for (const [key, value] of [['helm.sh/hook', 'pre-install'], ['argocd.argoproj.io/hook', 'PreSync']]) {
      const chart = newChart('chart', { namespace: 'shop' });
      new ApiObject(chart, 'ns', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } });
      new ApiObject(chart, 'setup', {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'setup', annotations: { [key]: value, 'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation' } },
      });
      new Tier(chart, 'app').add(configMap(chart, 'app-config'));
      expect([key, synthError(chart)]).toEqual([key, expect.not.stringContaining('sync order broken')]);
      expect(SyncOrder.of(chart).phaseOf(chart.node.findChild('setup'))).toBe('PreSync');
    }
  });

  test('a hand-set wave " 5" is wave 0 to Argo CD (strconv.Atoi rejects the space), so what waits for it is planned from 0', () => {
    const chart = newChart();
    SyncWaves.enable(chart, { checks: SynthChecks.NONE });
    const base = configMap(chart, 'base', { annotations: { 'argocd.argoproj.io/sync-wave': ' 5' } });
    const t = new Tier(chart, 't').add(new ApiObject(chart, 'web', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' } }));
    t.node.addDependency(base);
    expect(wavesByName(chart)['Deployment/web']).toBe('0');
  });

  test('a hand-set Helm hook-weight places a lone object where Argo CD does', () => {
    const chart = newChart();
    SyncWaves.enable(chart, { checks: SynthChecks.NONE });
    const base = new ApiObject(chart, 'base', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'base', annotations: { 'helm.sh/hook-weight': '3' } } });
    const t = new Tier(chart, 't').add(configMap(chart, 'after'));
    t.node.addDependency(base);
    expect(wavesByName(chart)['ConfigMap/after']).toBe('4');
  });
});
