import { formatDependsOn, parseDependsOn } from '../../src/rules/depends-on';

describe('syncplan.cdk8s.io/depends-on', () => {
  test('the value is de-duplicated and sorted, whatever the order it was given in (byte-identical output)', () => {
    const a = { group: 'apps', kind: 'Deployment', namespace: 'shop', name: 'web' };
    const b = { group: '', kind: 'ConfigMap', namespace: '', name: 'config' };
    expect(formatDependsOn([a, b, a])).toBe('/ConfigMap//config,apps/Deployment/shop/web');
    expect(formatDependsOn([b, a])).toBe(formatDependsOn([a, b]));
  });

  test('reads back what it writes, and skips entries that are not group/Kind/namespace/name', () => {
    const refs = [{ group: 'apps', kind: 'StatefulSet', namespace: 'db', name: 'pg' }, { group: '', kind: 'Service', namespace: '', name: 'pg' }];
    expect(parseDependsOn(formatDependsOn(refs))).toEqual([refs[1], refs[0]]);
    expect(parseDependsOn('ConfigMap/x, /Secret//s ,a/b/c/d/e,//ns/n')).toEqual([{ group: '', kind: 'Secret', namespace: '', name: 's' }]);
    expect(parseDependsOn(undefined)).toEqual([]);
  });
});
