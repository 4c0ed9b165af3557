/**
 * `--single-app` and the per-chart reading of a cdk8s dist (`cdk8s-dist.ts`) for the commands that
 * plan (`plan`, `lint`, `simulate`): one place decides, so every command splits the same input alike.
 */
import type { Command } from 'commander';
import type * as Cdk8sDistModule from './cdk8s-dist';
import type { Manifest } from '../argo/types';

export interface SingleAppFlags {
  readonly singleApp?: boolean;
  /** `--repo-root`, where a command takes it: a dist holding an app-of-apps parent is then that parent with its children. */
  readonly repoRoot?: string;
}

export function addSingleAppOption(cmd: Command): Command {
  return cmd.option('--single-app', 'plan a cdk8s dist (several *.k8s.yaml chart files) as one Application, '
    + 'not one Application per chart file');
}

/** The per-chart Applications, unless `--single-app`, the input is not a cdk8s dist, or a parent's dist with `--repo-root`. */
export function distApps(paths: readonly string[], manifests: readonly Manifest[], flags: SingleAppFlags): Cdk8sDistModule.Cdk8sDist | undefined {
  if (flags.singleApp) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { cdk8sDist }: typeof Cdk8sDistModule = require('./cdk8s-dist');
  return cdk8sDist(paths, manifests, flags.repoRoot);
}
