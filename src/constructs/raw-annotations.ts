import { ApiObject } from 'cdk8s';

/**
 * An object's metadata annotations as stored, before resolution: the planner's Lazy wave values
 * included, hand-set values as written (cdk8s offers no getter for them).
 */
export function rawAnnotations(o: ApiObject): Record<string, unknown> {
  return ((o.metadata as unknown as { annotations?: Record<string, unknown> }).annotations) ?? {};
}
