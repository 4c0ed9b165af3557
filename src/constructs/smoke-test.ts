import { ApiObject, Duration } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import { HookJob, HookJobOptions } from './hook-job';
import { HookDeletePolicy, HookPhase } from './hook-phase';
import { pathFor, wholeSeconds } from './names';
import { objectRef } from './object-ref';
import { SyncPlanner } from './planner';
import { SMOKE_SCRIPT } from './smoke-script';

/**
 * Properties of a `SmokeTest`. Give exactly one of `service` or `url`.
 */
export interface SmokeTestProps extends HookJobOptions {
  /**
   * The Service to call, by its in-cluster DNS name: any construct that is or holds a Service
   * `ApiObject` (a cdk8s-plus `Service` of any line, an `ApiObject`, a `cdk8s import` class).
   *
   * @default - `url` must be given
   */
  readonly service?: IConstruct;

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
  const service = objectRef(`SmokeTest ${where}`, props.service, 'Service');
  const port = props.port ?? firstPort(service.apiObject);
  if (port === undefined) throw new Error(`SmokeTest ${where}: Service ${props.service.node.path} has no ports; give \`port\``);
  const path = props.path ?? '/';
  if (!path.startsWith('/')) throw new Error(`SmokeTest ${where}: path must start with '/', got "${path}"`);
  const ns = service.namespace;
  const host = ns ? `${service.name}.${ns}.svc` : service.name;
  return `http://${host}:${port}${path}`;
}

/**
 * `spec.ports[0].port` of the Service as rendered so far, without its wave (the app is unfinished:
 * an ordering error is the synth's to report). A Service that cannot render yet (a cdk8s-plus
 * Service without ports throws) has no port to read: the caller asks for `port`, and the synth
 * reports the Service's own error.
 */
function firstPort(service: ApiObject | undefined): number | undefined {
  let json: any;
  try {
    json = service && SyncPlanner.renderUnplanned(service);
  } catch {
    return undefined;
  }
  const port = json?.spec?.ports?.[0]?.port;
  return typeof port === 'number' ? port : undefined;
}
