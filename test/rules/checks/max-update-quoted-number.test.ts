/** max-update-quoted-number: `maxUpdate` as IntOrString (`CD/applicationset/progressivesync/progressive_sync.go`). */
import { k, yaml } from '../cases';
import { findingsOf } from '../helpers';

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
