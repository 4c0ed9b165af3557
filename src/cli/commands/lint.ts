/**
 * `syncplan lint [PATH...]`: the rule pack on any YAML (Helm or kustomize output, hand-written),
 * the same code `cdk8s synth` runs. Exit 1 on any error (any warning too with --strict), 0
 * otherwise, 2 on unreadable input or bad usage.
 */
import type { Command } from 'commander';
import type * as FindingsTextModule from '../../report/findings-text';
import type * as SarifModule from '../../report/sarif';
import type * as RulesModule from '../../rules';
import { notARuleId } from '../../rules/suggest';
import type { LevelSetting, LintOptions } from '../../rules/types';
import { addAppOptions, appModelOptions, appSyncOptions } from '../app-options';
import type * as ChildLintModule from '../child-lint';
import { addSingleAppOption, distApps } from '../dist-input';
import type { SingleAppFlags } from '../dist-input';
import type * as DistLintModule from '../dist-lint';
import { UsageError } from '../errors';
import { addArgocdCmOption, addFormatOption, addPlanOptions, addRepoRootOption, collect, healthScriptsOf, lintArgocdCm, planOptions, readManifests } from '../options';
import type { ArgocdCmFlags, CommonFlags } from '../options';
import { writeOut } from '../stdout';

interface LintFlags extends CommonFlags, SingleAppFlags, ArgocdCmFlags {
  readonly strict?: boolean;
  readonly installedCrd?: string[];
  readonly syncOption?: string[];
  readonly level?: string[];
  readonly listRules?: boolean;
}


export function register(program: Command): void {
  const cmd = program
    .command('lint')
    .summary('check manifests for Argo CD sync-ordering mistakes')
    .description('Check the manifests for every known Argo CD ordering trap (bad waves, unknown hooks, '
      + 'waits that mean nothing or never end, unsafe hooks, ...). Each finding names the resource, '
      + 'its file and line, and links a page under docs/rules/. Suppress one on the object with the '
      + 'annotation syncplan.cdk8s.io/suppress: "<rule-id>: <reason>".')
    .argument('[paths...]', 'YAML or JSON files, or folders (searched for *.yaml, *.yml, *.json); - reads standard input');
  addPlanOptions(cmd);
  addFormatOption(cmd, ['text', 'json', 'sarif']);
  addAppOptions(cmd, { live: false });
  cmd
    .option('--strict', 'exit 1 on warnings too', false)
    .option('--installed-crd <group/Kind>', 'a CRD the cluster already has (repeatable)', collect, []);
  addArgocdCmOption(cmd, 'child Applications ordered by waves need a usable Application health check in it');
  cmd
    .option('--level <rule=level>', 'run a rule at error, warning, info or off (repeatable)', collect, [])
    .option('--list-rules', 'print every rule (id, level, what it catches) and exit', false);
  addSingleAppOption(cmd);
  addRepoRootOption(cmd, 'lint an app-of-apps parent with its children: each child\'s directory source, read under this checkout, '
    + 'is checked against its AppProject when the parent applies it (rule resource-not-permitted)');
  cmd.action((paths: string[], flags: LintFlags) => {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const rules: typeof RulesModule = require('../../rules');
    const levels = parseLevels(flags.level ?? [], rules.RULE_IDS);
    if (flags.listRules) {
      writeOut(rules.ALL_RULES.map(r => `${r.id}\t${levels[r.id] ?? r.defaultLevel}\t${r.title}`).join('\n') + '\n');
      return;
    }
    const syncOptions = appSyncOptions(flags);
    const manifests = readManifests(paths);
    const options: LintOptions = {
      ...planOptions(flags),
      ...appModelOptions(flags),
      syncOptions,
      installedCrds: flags.installedCrd ?? [],
      levels,
      argocdCm: lintArgocdCm(healthScriptsOf(flags)),
    };
    // A cdk8s dist is one Application per chart file: each file is linted with its own plan.
    const dist = distApps(paths, manifests, flags);
    const { distAppReport }: typeof DistLintModule = require('../dist-lint');
    const reports = dist ? dist.apps.map(a => distAppReport(a, options))
      : flags.repoRoot !== undefined ? (require('../child-lint') as typeof ChildLintModule).appOfAppsReports(manifests, options, flags.repoRoot)
        : [rules.lintReport(manifests, options)];
    const findings = reports.flatMap(r => r.findings);
    const suppressed = reports.flatMap(r => r.suppressed);
    if (flags.format === 'json') {
      writeOut(JSON.stringify({
        ...(dist ? { note: dist.note } : {}),
        findings: findings.map(f => rules.findingToJson(f)),
        suppressed: suppressed.map(f => rules.findingToJson(f, f.reason)),
      }, null, 2) + '\n');
    } else if (flags.format === 'sarif') {
      const { renderSarif }: typeof SarifModule = require('../../report/sarif');
      writeOut(renderSarif(findings, suppressed, {
        rules: rules.ALL_RULES.filter(r => (levels[r.id] ?? r.defaultLevel) !== 'off'),
        levelOf: r => (levels[r.id] ?? r.defaultLevel) as 'error' | 'warning' | 'info',
        docsUrl: rules.docsUrl,
        version: toolVersion(),
        root: process.cwd(),
      }));
    } else {
      const { renderFindingsText }: typeof FindingsTextModule = require('../../report/findings-text');
      writeOut((dist ? `Note: ${dist.note}\n\n` : '') + renderFindingsText(findings, suppressed));
    }
    /* eslint-enable @typescript-eslint/no-require-imports */
    process.exitCode = rules.failsOn(findings, flags.strict ?? false) ? 1 : 0;
  });
}

/** `--level rule=level` flags into a map, refusing unknown rules and levels. */
export function parseLevels(flags: readonly string[], known: ReadonlySet<string>): Record<string, LevelSetting> {
  const levels: Record<string, LevelSetting> = {};
  for (const flag of flags) {
    const [id, level] = flag.split('=');
    if (!known.has(id)) throw new UsageError(`--level ${flag}: ${notARuleId(id, known)}; rule ids are listed in docs/rules/`);
    if (!['error', 'warning', 'info', 'off'].includes(level)) {
      throw new UsageError(`--level ${flag}: level must be error, warning, info or off`);
    }
    levels[id] = level as LevelSetting;
  }
  return levels;
}

function toolVersion(): string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('../../../package.json').version;
  } catch {
    return 'unknown';
  }
}
