/** The Services a pod calls by host name (src/rules/service-hosts.ts), with our own pod specs. */
import { serviceHostsOf } from '../../src/rules/service-hosts';

const pod = (container: Record<string, unknown>, init: Record<string, unknown> = {}) => ({
  path: ['spec', 'template', 'spec'],
  spec: { initContainers: [{ name: 'wait', image: 'busybox', ...init }], containers: [{ name: 'app', image: 'app:1', ...container }] },
});

test('a name, name.namespace and name.namespace.svc[.domain], in flags, URLs, shell lines and env values', () => {
  const hosts = serviceHostsOf(pod(
    { args: ['--host=db'], env: [{ name: 'CACHE_URL', value: 'redis://cache.shop.svc.cluster.local:6379/0' }, { name: 'Q', valueFrom: { secretKeyRef: { name: 'x', key: 'y' } } }] },
    { command: ['sh', '-c', 'until nc -z queue.jobs 5672; do sleep 1; done'] },
  ));
  expect(hosts).toEqual(expect.arrayContaining([
    { name: 'db', namespace: '' },
    { name: 'cache', namespace: 'shop' },
    { name: 'queue', namespace: 'jobs' },
  ]));
});

test('an external name is no Service of the cluster; non-strings are ignored', () => {
  const hosts = serviceHostsOf(pod({ args: ['--upstream=api.example.com', 42], env: [{ name: 'N', value: 3 }] }));
  expect(hosts.some((h) => h.name === 'api')).toBe(false);
});
