/**
 * `--argocd-cm FILE`: what the rules read of the operator's `argocd-cm` ConfigMap. Argo CD takes an
 * Application health check from the key `resource.customizations.health.argoproj.io_Application`, or
 * from `health.lua` under `argoproj.io/Application` in the `resource.customizations` block (YAML text),
 * the key winning (`CD/util/settings/settings.go` resource overrides).
 */
import { parse } from 'yaml';
import { InputError } from './errors';
import { loadPaths } from './load';
import { APPLICATION_HEALTH_KEY } from '../argo/application-health';
import type { ArgocdCm } from '../rules/types';

export function readArgocdCm(file: string): ArgocdCm {
  const maps = loadPaths([file]).filter(m => m.object.kind === 'ConfigMap');
  const cm = maps.find(m => (m.object.metadata as { name?: string } | undefined)?.name === 'argocd-cm') ?? maps[0];
  if (!cm) throw new InputError(file, 0, 'holds no ConfigMap', 'pass the argocd-cm ConfigMap (kubectl -n argocd get configmap argocd-cm -o yaml)');
  const data = (cm.object.data ?? {}) as Record<string, unknown>;
  const direct = data[APPLICATION_HEALTH_KEY];
  if (typeof direct === 'string') return { applicationHealth: direct };
  const block = data['resource.customizations'];
  if (typeof block === 'string') {
    let parsed: unknown;
    try {
      parsed = parse(block);
    } catch (e) {
      throw new InputError(file, cm.source.line, `data."resource.customizations" is not YAML (${(e as Error).message.split('\n')[0]})`, 'fix the block or use the key ' + APPLICATION_HEALTH_KEY);
    }
    const lua = (parsed as Record<string, Record<string, unknown>> | null)?.['argoproj.io/Application']?.['health.lua'];
    if (typeof lua === 'string') return { applicationHealth: lua };
  }
  return {};
}
