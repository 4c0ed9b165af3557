/**
 * The plugin's `properties` (from cdk8s.yaml, so untyped at run time) checked and turned into the
 * rule pack's options: a misspelled property or rule id fails the synth naming it, instead of
 * being ignored.
 */
import type * as AppOptionsModule from '../cli/app-options';
import { RULE_IDS } from '../rules';
import type { LevelSetting, LintOptions } from '../rules/types';

const PROPERTIES = ['levels', 'installedCrds', 'syncOptions', 'namespace', 'strict'];
const LEVEL_SETTINGS = ['error', 'warning', 'info', 'off'];

export interface PluginSettings {
  readonly options: LintOptions;
  readonly strict: boolean;
}

export function pluginSettings(properties: Record<string, unknown>): PluginSettings {
  const where = 'cdk8s.yaml validations: SyncPlanValidation properties';
  const fail = (what: string): never => {
    const e = new Error(`${where}: ${what}`);
    // The cdk8s CLI prints a plugin's error with its stack (`console.error(e.stack)`): bad input
    // in cdk8s.yaml is said in one line, without this package's call stack.
    e.stack = `Error: ${e.message}`;
    throw e;
  };
  for (const key of Object.keys(properties)) {
    if (!PROPERTIES.includes(key)) fail(`unknown property "${key}"; use ${PROPERTIES.join(', ')}`);
  }
  const strings = (key: string): string[] => {
    const v = properties[key];
    if (v === undefined) return [];
    if (!Array.isArray(v) || !v.every((s) => typeof s === 'string')) fail(`${key} must be a list of strings`);
    return v as string[];
  };
  const levels: Record<string, LevelSetting> = {};
  const rawLevels = properties.levels;
  if (rawLevels !== undefined) {
    if (typeof rawLevels !== 'object' || rawLevels === null || Array.isArray(rawLevels)) fail('levels must map rule ids to error, warning, info or off');
    for (const [id, level] of Object.entries(rawLevels as Record<string, unknown>)) {
      if (!RULE_IDS.has(id)) fail(`levels: "${id}" is not a rule id (see docs/rules/)`);
      if (typeof level !== 'string' || !LEVEL_SETTINGS.includes(level)) fail(`levels: ${id} must be error, warning, info or off`);
      levels[id] = level as LevelSetting;
    }
  }
  const syncOptions = strings('syncOptions');
  if (syncOptions.length > 0) {
    // Loaded only when there are options to check: the CLI's option module brings commander, which
    // every program that imports the library would otherwise load for nothing.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { checkAppSyncOption }: typeof AppOptionsModule = require('../cli/app-options');
    for (const option of syncOptions) {
      try {
        checkAppSyncOption(option);
      } catch (e) {
        fail(`syncOptions: ${(e as Error).message.replace(/^--sync-option /, '')}`);
      }
    }
  }
  const namespace = properties.namespace ?? '';
  if (typeof namespace !== 'string') fail('namespace must be a string');
  const strict = properties.strict ?? false;
  if (typeof strict !== 'boolean') fail('strict must be true or false');
  return {
    options: { namespace: namespace as string, syncOptions, installedCrds: strings('installedCrds'), levels },
    strict: strict as boolean,
  };
}
