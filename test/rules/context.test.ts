/**
 * The rule context's indexes hand each rule the few tasks and objects it is about. Each must list
 * exactly what a loop over every task or object would find, in the same order: rules rely on
 * that for identical findings.
 */
import * as fc from 'fast-check';
import { isPlainObject } from '../../src/argo/annotations';
import type { Manifest } from '../../src/argo/types';
import { buildContext, resolveOptions } from '../../src/rules/context';
import { hookRead } from '../../src/rules/hooks';
import { RULE_IDS } from '../../src/rules/pack';
import type { LintOptions, RuleContext } from '../../src/rules/types';
import { docArb, toObject } from '../fixtures/yaml-arbitrary';

function contextOf(objects: ReadonlyArray<Record<string, unknown>>, options: LintOptions = {}): RuleContext {
  const manifests: Manifest[] = objects.map((object, index) => ({ object, source: { file: 'app.yaml', line: index + 1, index } }));
  return buildContext(manifests, resolveOptions(options), RULE_IDS);
}

const names = (ms: readonly Manifest[]) => ms.map((m) => {
  const metadata = m.object.metadata as Record<string, unknown>;
  return metadata.name ?? metadata.generateName;
});
const cm = (name: string, annotations?: unknown) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...(annotations !== undefined ? { annotations } : {}) } });
const job = (name: string, annotations: Record<string, string>) => ({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name, annotations } });

const WAVE = 'argocd.argoproj.io/sync-wave';
const HOOK = 'argocd.argoproj.io/hook';
const HELM_HOOK = 'helm.sh/hook';

describe('withAnnotation', () => {
  test('objects with the key, in input order, whatever the value', () => {
    const ctx = contextOf([cm('a', { [WAVE]: '1' }), cm('b'), cm('c', { [WAVE]: 2 }), cm('d', { other: 'x' })]);
    expect(names(ctx.withAnnotation(WAVE))).toEqual(['a', 'c']);
    expect(ctx.withAnnotation('absent')).toEqual([]);
  });

  test('several keys: each object once, in input order', () => {
    const ctx = contextOf([cm('a', { [HELM_HOOK]: 'pre-install' }), cm('b', { [HOOK]: 'PreSync', [HELM_HOOK]: 'pre-install' }), cm('c', { [HOOK]: 'Sync' })]);
    expect(names(ctx.withAnnotation(HOOK, HELM_HOOK))).toEqual(['a', 'b', 'c']);
    expect(names(ctx.withAnnotation(HOOK, 'absent'))).toEqual(['b', 'c']);
  });
});

test('malformedAnnotations: a value that is not a string, or annotations that are not a map; null and absent are fine', () => {
  const ctx = contextOf([cm('number', { [WAVE]: 1 }), cm('list', ['x']), cm('null', null), cm('none'), cm('fine', { [WAVE]: '1' }), cm('nulled', { [WAVE]: null })]);
  expect(names(ctx.malformedAnnotations)).toEqual(['number', 'list', 'nulled']);
});

test('hooks: those with a sync phase, even when this sync skips them; not Skip, deletion-only, unusable types or crd-install', () => {
  const ctx = contextOf([
    job('pre', { [HOOK]: 'PreSync' }),
    cm('plain'),
    job('helm', { [HELM_HOOK]: 'post-install' }),
    job('skip', { [HOOK]: 'Skip' }),
    job('garbage', { [HOOK]: 'Garbage' }),
    job('crd-install', { [HELM_HOOK]: 'crd-install' }),
    job('delete', { [HOOK]: 'PostDelete' }),
    job('both', { [HOOK]: 'PreSync,PostDelete' }),
  ], { skipHooks: true });
  expect(names(ctx.hooks.map(h => h.manifest))).toEqual(['pre', 'helm', 'both']);
  expect(ctx.hooks.map(h => [...h.hook.phases, ...h.hook.deletionTypes])).toEqual([['PreSync'], ['PostSync'], ['PreSync', 'PostDelete']]);
});

test('tasksOfKind: plan order across kinds; manifestsOfKind: input order', () => {
  const ctx = contextOf([
    { apiVersion: 'v1', kind: 'Service', metadata: { name: 'svc', annotations: { [WAVE]: '-1' } } },
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' } },
    cm('late', { [WAVE]: '1' }),
    cm('early', { [WAVE]: '-2' }),
  ]);
  expect(ctx.tasksOfKind('ConfigMap', 'Service').map(t => t.name)).toEqual(['early', 'svc', 'late']);
  expect(ctx.tasksOfKind('Deployment').map(t => t.name)).toEqual(['web']);
  expect(ctx.tasksOfKind('Widget')).toEqual([]);
  expect(names(ctx.manifestsOfKind('ConfigMap'))).toEqual(['late', 'early']);
});

test('generateNamed: generateName without metadata.name', () => {
  const ctx = contextOf([
    { kind: 'Job', metadata: { generateName: 'run-' } },
    { kind: 'Job', metadata: { generateName: 'named-', name: 'x' } },
    { kind: 'Job', metadata: { generateName: 'empty-name-', name: '' } },
    { kind: 'Job', metadata: { name: 'plain' } },
  ]);
  expect(names(ctx.generateNamed)).toEqual(['run-']);
});

test('unnamed: neither metadata.name nor metadata.generateName (an empty string is none, as Argo CD\'s getters read it)', () => {
  const ctx = contextOf([
    { kind: 'Job', metadata: { labels: { a: 'b' } } },
    { kind: 'Job', metadata: { name: '', generateName: '' } },
    { kind: 'Job', metadata: { generateName: 'run-' } },
    { kind: 'Job', metadata: { name: 'plain' } },
  ]);
  expect(ctx.unnamed.map(m => m.object.metadata)).toEqual([{ labels: { a: 'b' } }, { name: '', generateName: '' }]);
});

/** Random objects, plus shapes the generator does not make (broken annotation maps, odd metadata). */
const objectsArb = fc.array(fc.oneof(
  { weight: 5, arbitrary: docArb.map(toObject) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, unknown>>(
      cm('n', { [WAVE]: 3, [HOOK]: 'PreSync' }), cm('l', ['x']), { kind: 'Pod', metadata: 'x' }, { kind: 'Job', metadata: { generateName: 'g-' } },
    ),
  },
), { maxLength: 25 });

test('every index lists what a loop over all tasks or objects finds, in the same order', () => {
  const rawKeys = (m: Manifest): string[] => {
    const metadata = m.object.metadata;
    const annotations = isPlainObject(metadata) ? metadata.annotations : undefined;
    return isPlainObject(annotations) ? Object.keys(annotations) : [];
  };
  fc.assert(fc.property(objectsArb, fc.boolean(), (objects, skipHooks) => {
    const ctx = contextOf(objects, { skipHooks });
    const kinds = [...new Set(objects.map(o => String(o.kind)))];
    for (const kind of kinds) {
      expect(ctx.tasksOfKind(kind)).toEqual(ctx.tasks.filter(t => t.kind === kind));
      expect(ctx.manifestsOfKind(kind)).toEqual(ctx.manifests.filter(m => m.object.kind === kind));
    }
    expect(ctx.tasksOfKind(...kinds, 'Widget')).toEqual(ctx.tasks.filter(t => [...kinds, 'Widget'].includes(t.kind)));
    for (const keys of [[WAVE], [HOOK, HELM_HOOK], ['syncplan.cdk8s.io/suppress', WAVE]]) {
      expect(ctx.withAnnotation(...keys)).toEqual(ctx.manifests.filter(m => rawKeys(m).some(k => keys.includes(k))));
    }
    expect(ctx.hooks.map(h => h.manifest)).toEqual(ctx.manifests.filter(m => hookRead(m).isHook && !hookRead(m).ignored));
  }));
});
