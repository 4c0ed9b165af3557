import { ApiObject } from 'cdk8s';
import { IConstruct } from 'constructs';

/** What a hook needs to refer to an object: its kind, name and namespace. */
export interface ObjectRef {
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
  /** The object itself, when it is part of this app (not an imported reference). */
  readonly apiObject?: ApiObject;
}

/**
 * Read a reference from any construct that is or holds an `ApiObject` (a cdk8s-plus resource of
 * any line, a plain `ApiObject`, a `cdk8s import` class), or from a cdk8s-plus imported
 * reference (`Secret.fromSecretName`: a construct with `kind` and `name` but no object). Only
 * `ApiObject` is read, so no cdk8s-plus line is part of the API.
 */
export function objectRef(where: string, construct: IConstruct, kind: string): ObjectRef {
  const ref = readRef(construct);
  if (ref === undefined) {
    throw new Error(`${where}: ${construct.node.path} is not a ${kind}: give a construct holding a ${kind} ApiObject (a cdk8s-plus ${kind} of any line, an ApiObject, a cdk8s import class)`);
  }
  if (ref.kind !== kind) throw new Error(`${where}: ${construct.node.path} is a ${ref.kind}, not a ${kind}`);
  return ref;
}

function readRef(c: IConstruct): ObjectRef | undefined {
  const obj = apiObjectOf(c);
  if (obj !== undefined) return { kind: obj.kind, name: obj.name, namespace: obj.metadata.namespace, apiObject: obj };
  // cdk8s-plus's imported resources (`fromSecretName`, `fromConfigMapName`) carry kind and name only.
  const imported = c as unknown as { kind?: unknown; name?: unknown };
  if (typeof imported.kind === 'string' && typeof imported.name === 'string') return { kind: imported.kind, name: imported.name };
  return undefined;
}

function apiObjectOf(c: IConstruct): ApiObject | undefined {
  if (ApiObject.isApiObject(c)) return c;
  const child = c.node.defaultChild;
  return child === undefined ? undefined : apiObjectOf(child);
}
