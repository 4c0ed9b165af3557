/**
 * The Services a pod calls by host name: a word of its containers' command, arguments or env values
 * that is a Service's in-cluster DNS name (`db`, `db.shop`, `db.shop.svc`, `db.shop.svc.cluster.local`,
 * inside a URL or a flag such as `--host=db`). Kubernetes resolves these names for every pod
 * (the Service DNS records of kube-dns / CoreDNS); a reader of the YAML sees the same reference a
 * `psql --host=db` or a `DATABASE_URL` makes. Which of them the app holds is for the caller to look up.
 */
import { containersOf, list, obj, str } from './objects';
import type { PodSpecAt } from './objects';

/** A host name's Service: its name, and its namespace ('' for the pod's own). */
export interface ServiceHost {
  readonly name: string;
  readonly namespace: string;
}

/** Runs of the characters a DNS name is made of; anything else (`=`, `:`, `/`, `@`, space) ends one. */
const WORD = /[A-Za-z0-9][A-Za-z0-9.-]*/g;

/** `name`, `name.ns`, or `name.ns.svc[.cluster domain]`: a Service's DNS name as a pod may write it. */
function serviceHost(word: string): ServiceHost | undefined {
  const parts = word.replace(/\.+$/, '').toLowerCase().split('.');
  if (parts.some((p) => p === '')) return undefined;
  if (parts.length === 1) return { name: parts[0], namespace: '' };
  if (parts.length === 2 || parts[2] === 'svc') return { name: parts[0], namespace: parts[1] };
  return undefined; // an external name such as db.example.com
}

/** The distinct Service host names in what the pod's containers run with. */
export function serviceHostsOf(pod: PodSpecAt): ServiceHost[] {
  const words = new Set<string>();
  const scan = (text: unknown): void => {
    const s = str(text);
    if (s === undefined) return;
    for (const m of s.matchAll(WORD)) words.add(m[0]);
  };
  for (const { container } of containersOf(pod)) {
    list(container.command).forEach(scan);
    list(container.args).forEach(scan);
    list(container.env).forEach((e) => scan(obj(e)?.value));
  }
  const hosts: ServiceHost[] = [];
  for (const word of words) {
    const host = serviceHost(word);
    if (host) hosts.push(host);
  }
  return hosts;
}
