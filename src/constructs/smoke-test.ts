import { Duration } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { HookJob, HookJobOptions } from './hook-job';
import { HookDeletePolicy, HookPhase } from './hook-phase';
import { pathFor, wholeSeconds } from './names';
import { SMOKE_SCRIPT } from './smoke-script';

/**
 * Properties of a `SmokeTest`. Give exactly one of `service` or `url`.
 */
export interface SmokeTestProps extends HookJobOptions {
  /**
   * The Service to call, by its in-cluster DNS name.
   *
   * @default - `url` must be given
   */
  readonly service?: kplus.Service;

  /**
   * Port of the Service to call.
   *
   * @default - the Service's first port
   */
  readonly port?: number;

  /**
   * HTTP path to request on the Service.
   *
   * @default '/'
   */
  readonly path?: string;

  /**
   * A full URL to call instead of a Service.
   *
   * @default - built from `service`, `port` and `path`
   */
  readonly url?: string;

  /**
   * The HTTP status that means "serving".
   *
   * @default 200
   */
  readonly expectedStatus?: number;

  /**
   * How long to keep retrying before failing the sync.
   *
   * @default Duration.minutes(2)
   */
  readonly retryFor?: Duration;

  /**
   * Pause between attempts.
   *
   * @default Duration.seconds(5)
   */
  readonly retryInterval?: Duration;

  /**
   * Timeout of one request.
   *
   * @default Duration.seconds(5)
   */
  readonly requestTimeout?: Duration;

  /**
   * Image with `sh` and `curl`.
   *
   * @default 'curlimages/curl:8.11.1'
   */
  readonly image?: string;
}

/**
 * A PostSync hook that calls the new version and fails the sync if it is not serving: it requests
 * the URL until it answers `expectedStatus`, retrying within `retryFor`. PostSync runs only after
 * every Sync-phase resource is Healthy. Delete policy `BeforeHookCreation,HookSucceeded` by default:
 * a failed test stays for its logs.
 */
export class SmokeTest extends HookJob {
  /** The URL the test calls. */
  public readonly url: string;

  constructor(scope: Construct, id: string, props: SmokeTestProps) {
    const where = pathFor(scope, id);
    const url = smokeUrl(where, props);
    if (props.args !== undefined) throw new Error(`SmokeTest ${where}: args are set by the smoke test itself; remove them`);
    const retryFor = wholeSeconds(`SmokeTest ${where}`, 'retryFor', props.retryFor ?? Duration.minutes(2), 0);
    const interval = wholeSeconds(`SmokeTest ${where}`, 'retryInterval', props.retryInterval ?? Duration.seconds(5), 1);
    const timeout = wholeSeconds(`SmokeTest ${where}`, 'requestTimeout', props.requestTimeout ?? Duration.seconds(5), 1);
    const expected = props.expectedStatus ?? 200;
    if (!Number.isInteger(expected) || expected < 100 || expected > 599) {
      throw new Error(`SmokeTest ${where}: expectedStatus must be an HTTP status (100-599), got ${expected}`);
    }
    super(scope, id, {
      ...props,
      phase: HookPhase.POST_SYNC,
      image: props.image ?? 'curlimages/curl:8.11.1',
      containerName: 'smoke',
      command: ['sh', '-c', SMOKE_SCRIPT, 'smoke'],
      args: [url, String(expected), String(retryFor), String(interval), String(timeout)],
      defaultDeletePolicies: [HookDeletePolicy.BEFORE_HOOK_CREATION, HookDeletePolicy.HOOK_SUCCEEDED],
      // The retry window, one last request, and a margin for the Pod to start.
      defaultActiveDeadline: Duration.seconds(retryFor + timeout + 60),
    });
    this.url = url;
  }
}

function smokeUrl(where: string, props: SmokeTestProps): string {
  if (props.url !== undefined && props.service !== undefined) {
    throw new Error(`SmokeTest ${where}: give either service or url, not both`);
  }
  if (props.url !== undefined) {
    const ignored = (['port', 'path'] as const).filter((k) => props[k] !== undefined);
    if (ignored.length > 0) {
      throw new Error(`SmokeTest ${where}: ${ignored.join(' and ')} ${ignored.length > 1 ? 'apply' : 'applies'} only with service; with url, put them in the url (${props.url})`);
    }
    if (!/^https?:\/\/[^\s]+$/.test(props.url)) throw new Error(`SmokeTest ${where}: url must start with http:// or https://, got "${props.url}"`);
    return props.url;
  }
  if (props.service === undefined) throw new Error(`SmokeTest ${where}: give a service (or a url) to call`);
  const service = props.service;
  const port = props.port ?? service.ports[0]?.port;
  if (port === undefined) throw new Error(`SmokeTest ${where}: Service ${service.node.path} has no ports; give \`port\``);
  const path = props.path ?? '/';
  if (!path.startsWith('/')) throw new Error(`SmokeTest ${where}: path must start with '/', got "${path}"`);
  const ns = service.metadata.namespace;
  const host = ns ? `${service.name}.${ns}.svc` : service.name;
  return `http://${host}:${port}${path}`;
}
