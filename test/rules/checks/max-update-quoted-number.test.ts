/** max-update-quoted-number: `maxUpdate` as IntOrString (`argo-cd applicationset/progressivesync/progressive_sync.go`). */
import { k, yaml } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

const appSet = (elements: Array<Record<string, unknown>>, steps: string[], maxUpdate?: unknown) => k('argoproj.io/v1alpha1', 'ApplicationSet', 'platform', {
  spec: {
    generators: [{ list: { elements } }],
    template: {
      metadata: { name: '{{name}}', labels: { step: '{{step}}' } },
      spec: { project: 'default', source: { repoURL: 'https://git.example.com/p.git', path: '{{name}}' }, destination: { server: 'https://kubernetes.default.svc', namespace: '{{name}}' } },
    },
    strategy: {
      type: 'RollingSync',
      rollingSync: { steps: steps.map(st => ({ matchExpressions: [{ key: 'step', operator: 'In', values: [st] }], ...(maxUpdate === undefined ? {} : { maxUpdate }) })) },
    },
  },
});

ruleCase('max-update-quoted-number', {
  ref: 'progressive_sync.go maxUpdate (IntOrString)',
  trips: yaml(appSet([{ name: 'db', step: '0' }], ['0'], '2')),
  passes: yaml(appSet([{ name: 'db', step: '0' }], ['0'], 2)),
});

const set = (...maxUpdates: unknown[]) => k('argoproj.io/v1alpha1', 'ApplicationSet', 'apps', {
  spec: {
    generators: [{ list: { elements: [] } }],
    template: { metadata: { name: '{{name}}' }, spec: { project: 'default' } },
    strategy: { type: 'RollingSync', rollingSync: { steps: maxUpdates.map(maxUpdate => ({ matchExpressions: [], maxUpdate })) } },
  },
});

test('each quoted number is reported with its step and the two fixes', () => {
  const found = findingsOf('max-update-quoted-number', yaml(set('2', 3, '10%', ' 4 ')));
  expect(found.map(f => f.message.match(/step (\d)/)![1])).toEqual(['1', '4']);
  expect(found[0].fix).toBe('write maxUpdate: 2 (an integer) or "2%" (a percentage)');
});

test('integers and percentages pass', () => {
  expect(findingsOf('max-update-quoted-number', yaml(set(0, 1, '25%', '100%')))).toEqual([]);
});
