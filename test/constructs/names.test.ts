/** Object names checked at construction (src/constructs/names.ts): the apiserver would refuse them at sync time. */
import { newChart } from './helpers';
import { MigrationHook, SmokeTest, SyncFailHook } from '../../src';

describe('hook names are checked at construction (the apiserver would refuse the Job at sync time)', () => {
  const make = (field: string, value: string) => () => new MigrationHook(newChart(), 'm', { image: 'i', command: ['m'], [field]: value });
  test.each([
    ['name', '', 'MigrationHook chart/m: name "" (0 characters) is not a valid Job name: an RFC 1123 label'],
    ['name', 'Bad_Name', 'name "Bad_Name" (8 characters) is not a valid Job name'],
    ['name', 'x'.repeat(64), '(64 characters) is not a valid Job name: an RFC 1123 label, lowercase letters, digits and "-", starting and ending with a letter or digit, at most 63 characters (Kubernetes copies it into the job-name label'],
    ['name', '-lead', 'name "-lead"'],
    ['namespace', 'Shop', 'MigrationHook chart/m: namespace "Shop" is not a valid namespace: a DNS label'],
    ['namespace', 'a.b', 'namespace "a.b" is not a valid namespace'],
    ['serviceAccountName', 'migrator_', 'MigrationHook chart/m: serviceAccountName "migrator_" is not a valid service account name: a DNS subdomain'],
    ['serviceAccountName', 'a..b', 'serviceAccountName "a..b"'],
  ])('%s %j is refused', (field, value, message) => {
    expect(make(field, value)).toThrow(message);
  });

  test.each([
    ['name', 'x'.repeat(63)],
    ['name', 'db-migrate-2'],
    ['namespace', 'shop'],
    ['serviceAccountName', 'migrator.shop-system'],
  ])('%s %j is accepted', (field, value) => {
    expect(make(field, value)).not.toThrow();
  });

  test('SmokeTest and SyncFailHook check them too', () => {
    expect(() => new SmokeTest(newChart(), 's', { url: 'http://web/', name: 'Smoke' })).toThrow('SmokeTest chart/s: name "Smoke"');
    expect(() => new SyncFailHook(newChart(), 'n', { image: 'i', command: ['n'], namespace: '-x' })).toThrow('SyncFailHook chart/n: namespace "-x"');
  });
});
