import { cdk8s, javascript } from 'projen';
import { UpdateSnapshot } from 'projen/lib/javascript';

const project = new cdk8s.ConstructLibraryCdk8s({
  name: 'cdk8s-syncplan',
  description: 'Typed, computed, checked and visible Argo CD sync ordering for cdk8s: tiers, migration hooks, smoke tests, minimal sync waves, a rule pack and the syncplan CLI.',
  author: 'cdk8s-syncplan maintainers',
  authorAddress: 'maintainers@users.noreply.cdk8s-syncplan.example',
  repositoryUrl: 'https://github.com/cdk8s-syncplan/cdk8s-syncplan.git',
  // Construct Hub lists a package by the `cdk` and `cdk8s` keywords.
  keywords: ['cdk', 'cdk8s', 'argocd', 'argo-cd', 'sync-waves', 'gitops', 'kubernetes'],
  defaultReleaseBranch: 'main',
  packageManager: javascript.NodePackageManager.NPM,
  projenrcTs: true,
  minNodeVersion: '20.0.0',

  cdk8sVersion: '2.70.106',
  constructsVersion: '10.8.1',
  jsiiVersion: '~6.0.0',

  // No cdk8s-plus line is a peer: the API reads Services, Secrets and ConfigMaps through their
  // ApiObject, so apps on any line (or none) install without a second cdk8s-plus.
  // Not jsii modules, so they are bundled into the package. Justification:
  // - yaml: reading manifests with line numbers, exactly as YAML 1.2 parses them.
  // - commander: the `syncplan` CLI parser (zero dependencies, fast to load).
  // - jsonc-parser: JSON manifests located by offset (the first syntax error, a List's items), as
  //   Node 20's JSON.parse gives no position (VS Code's parser, zero dependencies, loaded only then).
  // - fengari: a Lua 5.3 VM in plain JS, to run Argo CD health scripts (the Application health check
  //   this library emits is tested by running it, and the CLI evaluates argocd-cm customizations).
  // - croner: the occurrences of an AppProject sync window's cron schedule, in a time zone, for
  //   `explain` (which window blocks a sync, and until when). MIT, zero dependencies (time zones
  //   through Intl), 224 KB unpacked; loaded only when windows are evaluated. Chosen over cron-parser,
  //   which needs luxon (4.8 MB together): on 3,000 random schedules and zones the two gave the same
  //   next and previous starts, croner in a sixth of the time. syncplan checks the schedule against
  //   Argo CD's own parser (robfig/cron, 5 fields, no descriptors) first (src/argo/cron-schedule.ts).
  bundledDeps: ['yaml@^2.9.0', 'commander@^14.0.0', 'jsonc-parser@^3.3.1', 'fengari@^0.1.5', 'croner@^11.0.1'],
  devDeps: [
    'fast-check@^4',
    '@swc/core',
    '@swc/jest',
    'cdk8s-cli@^2.207.0',
    // The README's line and what `cdk8s init` gives today: the same app must synthesize the same YAML on both.
    'cdk8s-plus-27@^2.9.0',
    'cdk8s-plus-33@^2.5.57',
    'kubernetes-models@4.5.1',
    '@kubernetes-models/argo-cd@2.7.2',
    'playwright-core',
    // Renders `syncplan diagram`'s Mermaid in the headless Chromium, as GitHub would (test/browser).
    'mermaid@^12',
    // Schema validity of every synthesized document (strict: unknown fields rejected).
    'ajv@^8',
    'ts-json-schema-generator@^2',
    'kubernetes-types@1.26.0',
    // TypeScript 7 is the native compiler, which ts-node and jsii cannot use.
    'typescript@~6.0.3',
    // Bundles the CLI into one file (lib/cli/syncplan-bundle.js, which the `bin` loads): start-up of a pre-commit hook.
    'esbuild@^0.28.2',
  ],

  // A launcher of one bundled file and its code cache (built after compile, below): resolving and
  // reading ~170 modules, then compiling them, was most of the start-up of `syncplan plan <small file>`.
  bin: { syncplan: 'lib/cli/syncplan.js' },

  // jsii targets for Construct Hub. Their packages build where the toolchains exist (the release
  // pipeline), never in `npm test`: these machines have no Python, Java, Go or .NET.
  publishToPypi: { distName: 'cdk8s-syncplan', module: 'cdk8s_syncplan' },
  publishToMaven: {
    javaPackage: 'io.github.cdk8s_syncplan',
    mavenGroupId: 'io.github.cdk8s-syncplan',
    mavenArtifactId: 'cdk8s-syncplan',
  },
  publishToGo: { moduleName: 'github.com/cdk8s-syncplan/cdk8s-syncplan-go' },
  publishToNuget: { dotNetNamespace: 'Cdk8sSyncplan', packageId: 'Cdk8sSyncplan' },

  github: false,
  release: false,
  depsUpgrade: false,
  pullRequestTemplate: false,

  jestOptions: {
    updateSnapshot: UpdateSnapshot.NEVER,
    passWithNoTests: false,
    jestConfig: {
      // swc strips types only (~3x faster than ts-jest); the test task type-checks tests and examples.
      transform: { '^.+\\.[t]sx?$': new javascript.Transform('@swc/jest') },
      testPathIgnorePatterns: ['/node_modules/', '/lib/', '/dist/'],
      // Node 22 and 24 for test/package/node-lines.test.ts: nothing of theirs is a test or a module of ours.
      modulePathIgnorePatterns: ['<rootDir>/.syncplan-tmp/'],
      coverageProvider: 'v8',
    },
  },
  // Source maps beside the JS (lib/**/*.js.map, the TypeScript inside), not inline: V8 scans an
  // inline map's base64 comment while compiling each module, so every `cdk8s synth` paid ~17% of
  // the library's load for maps only `--enable-source-maps` reads (callgrind, Node 20: loading lib/
  // 548 M -> 457 M instructions beyond `node -e 0`), and kept 2 MB of them as heap strings.
  tsconfig: { compilerOptions: { inlineSourceMap: false, sourceMap: true, inlineSources: true } },
  gitignore: ['/dist/', '/bench/out/', '/.syncplan-tmp/', '/.jsii.tabl.json'],
  // The package holds what users run and read: lib/, README, API.md, CHANGELOG and docs/rules/
  // (every finding links its rule's page on GitHub; the same page ships for reading offline);
  // test/package/contents.test.ts checks the list.
  npmIgnoreOptions: {
    ignorePatterns: ['/examples/', '/bench/', '/docs/*', '!/docs/rules/', '/scripts/', '/.ci/', '/cdk8s.yaml', '/action.yml', '/crds/', '/.pre-commit-hooks.yaml', '/.jsii.tabl.json',
      '/.syncplan-tmp/'], // the Node binaries the tests run (scripts/ensure-node-lines.js)
  },
});

// These machines run Node 20 (jsii prints an end-of-life banner on every compile); cdk8s-cli's
// upgrade check needs the internet.
// The README example uses cdk8s-plus-27, a dev dependency only: jsii-rosetta compiles it with it.
project.package.addField('jsiiRosetta', { exampleDependencies: { 'cdk8s-plus-27': '^2.9.0' } });

// Semantic versioning, set here (projen writes 0.0.0 unless a release workflow bumps it, and this
// project has none); CHANGELOG.md says what each version changed.
project.package.addVersion('0.1.0');

project.tasks.addEnvironment('JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION', '20');
project.tasks.addEnvironment('CDK8S_CHECK_UPGRADE', 'false');

// lib/ holds only what src/ compiles to now: output of a deleted source would ship in the package
// (test/package/contents.test.ts checks it).
project.preCompileTask.exec('rm -rf lib');

// The CLI as one file: lib/cli/bin.js with what it requires (commands load their modules lazily;
// esbuild keeps each module's body lazy too). fengari (the Lua VM, ~0.5 MB) stays a require of
// its package: only health checks in Lua load it; so does croner (~60 KB to parse):
// only sync windows load it. Whitespace and syntax minified (names kept, so
// errors and classes read the same): 850 -> 570 KB to parse, 2-3% fewer instructions at start-up.
// commander's `node:child_process` is served lazily (src/cli/commander-child-process.ts: ~1.4 ms of
// every start). A step of compile itself, so every task that compiles (test, demo, bench) has the bundle.
project.compileTask.exec('esbuild lib/cli/bin.js --bundle --platform=node --target=node20 --external:fengari --external:croner --minify-whitespace --minify-syntax --log-level=warning '
  + '--alias:node:child_process=./lib/cli/commander-child-process.js --outfile=lib/cli/syncplan-bundle.js');
// V8's code cache of the bundle for this Node, after one plan of an example (src/cli/code-cache.ts):
// a small plan starts in 1.7x the time of `node -e 0` instead of 2.1x.
project.compileTask.exec('node scripts/code-cache.js');

// CLI tests spawn the compiled binary, so the test task compiles first; the HTML report is
// tested in Debian's Chromium, and the package on Node 22 and 24 (npm's binary packages of Node),
// each installed on first use.
project.testTask.prependSpawn(project.compileTask);
project.testTask.prependExec('node scripts/ensure-node-lines.js');
project.testTask.prependExec('bash scripts/ensure-chromium.sh');
project.testTask.spawn(project.addTask('typecheck', {
  description: 'Type-check tests and examples (jest strips types without checking them)',
  steps: [{ exec: 'tsc --noEmit -p test/tsconfig.json' }, { exec: 'tsc --noEmit -p examples/tsconfig.json' }],
}));
project.eslint?.addLintPattern('examples');
// The examples are written as a user's app: cdk8s-plus-27 is theirs to install (a dev dependency here).
project.eslint?.allowDevDeps('examples/**');
// Generated by `cdk8s import` (see the import-argocd task), not linted.
project.eslint?.addIgnorePattern('src/imports/');

// `npx projen import-argocd`: the L1 classes of Argo CD's Application, AppProject and ApplicationSet,
// from the schema this project writes (crds/argo-cd.yaml), offline.
project.addTask('import-argocd', {
  description: 'Regenerate src/imports/argoproj.io.ts from crds/argo-cd.yaml (cdk8s import, offline)',
  exec: 'cdk8s import crds/argo-cd.yaml -o src/imports -l typescript --save false',
});

// The README's TypeScript examples compile as jsii-rosetta translates them (Construct Hub shows
// them in every language); part of `npm test`, so the README's test command checks them too.
project.testTask.spawn(project.addTask('rosetta', {
  description: 'Compile the README examples with jsii-rosetta (fails on any diagnostic)',
  steps: [{ exec: 'jsii-rosetta extract --compile --fail' }],
}));

// `npm run demo`: synthesize the example app (the article's rollout) and print its plan.
const demo = project.addTask('demo', { description: 'Synthesize examples/workflow-console and print its Argo CD sync plan' });
demo.spawn(project.compileTask);
demo.exec('cdk8s synth --no-check-upgrade');
demo.exec('node lib/cli/main.js plan dist/workflow-console/workflow-console.k8s.yaml');

// `npm run --silent syncplan -- <args>`: the CLI from lib/, nothing else on stdout.
project.setScript('syncplan', 'node lib/cli/main.js');

// `npm run bench`: every benchmark, each a ratio against a baseline measured in the same run.
const bench = project.addTask('bench', { description: 'Synth overhead, plan/lint throughput, CLI start and memory, as ratios' });
bench.spawn(project.compileTask);
bench.exec('node bench/run-all.js');

project.synth();
