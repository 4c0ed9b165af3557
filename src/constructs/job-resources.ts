import { Size } from 'cdk8s';
import { ContainerResources } from './container-resources';

/** `resources` of a container, with the hook defaults filled in. */
export function resourcesOf(r: ContainerResources | undefined): { requests: Record<string, string>; limits: Record<string, string> } {
  const mi = (s: Size) => `${s.toMebibytes()}Mi`;
  const requests: Record<string, string> = {
    cpu: r?.cpu?.request?.amount ?? '100m',
    memory: mi(r?.memory?.request ?? Size.mebibytes(128)),
  };
  const limits: Record<string, string> = {
    cpu: r?.cpu?.limit?.amount ?? '500m',
    memory: mi(r?.memory?.limit ?? Size.mebibytes(256)),
  };
  const storage = r?.ephemeralStorage;
  if (storage?.request) requests['ephemeral-storage'] = mi(storage.request);
  if (storage?.limit) limits['ephemeral-storage'] = mi(storage.limit);
  return { requests, limits };
}
