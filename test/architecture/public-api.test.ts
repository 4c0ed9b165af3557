/**
 * The public (jsii) API as the compiled assembly describes it: every type documented, every optional
 * prop of a props interface with its `@default`, as a construct library for other languages needs.
 * The test task compiles before jest, so `.jsii` is the assembly of the code under test.
 */
import { readFileSync } from 'fs';
import { join } from 'path';

interface JsiiProperty { readonly name: string; readonly optional?: boolean; readonly docs?: { readonly default?: string } }
interface JsiiType { readonly kind: string; readonly docs?: { readonly summary?: string }; readonly properties?: JsiiProperty[] }

const assembly = JSON.parse(readFileSync(join(__dirname, '..', '..', '.jsii'), 'utf8')) as { types: Record<string, JsiiType> };
// The `argocd` submodule holds the L1 classes `cdk8s import` generates (src/imports), documented as
// their schema is, without @default; they are checked in test/imports.
const types = Object.entries(assembly.types).filter(([fqn]) => !fqn.startsWith('cdk8s-syncplan.argocd.'));

test('the assembly exports the ordering constructs and the testing helper', () => {
  const names = types.map(([fqn]) => fqn.replace('cdk8s-syncplan.', ''));
  expect(names).toEqual(expect.arrayContaining(['Tier', 'MigrationHook', 'SmokeTest', 'SyncFailHook', 'SyncOrder', 'Suppressions']));
});

test.each(types)('%s has a summary', (_fqn, type) => {
  expect(type.docs?.summary ?? '').not.toBe('');
});

const optionalProps = types
  .filter(([, t]) => t.kind === 'interface')
  .flatMap(([fqn, t]) => (t.properties ?? []).filter(p => p.optional).map(p => [`${fqn}.${p.name}`, p] as const));

test.each(optionalProps)('%s documents its @default', (_name, prop) => {
  expect(prop.docs?.default ?? '').not.toBe('');
});
