/**
 * hook-env-literal-secret (src/rules/checks/hook-env-literal-secret.ts): its trip/pass case, and its behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import { yaml, podSpec, hookJob } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('hook-env-literal-secret', {
  ref: 'article: hooks carry their env into the cluster',
  trips: yaml(hookJob('migrate', {}, {}, podSpec({ probe: false, env: [{ name: 'DB_PASSWORD', value: 'hunter2hunter2' }] }))),
  passes: yaml(hookJob('migrate', {}, {}, podSpec({ probe: false, env: [{ name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } }] }))),
});

describe('hooks', () => {
  test('secret-looking values are recognised by name or by shape; references and $(VARS) are not', () => {
    const env = (e: Record<string, unknown>) => yaml(hookJob('m', {}, {}, podSpec({ probe: false, env: [e] })));
    expect(findingsOf('hook-env-literal-secret', env({ name: 'DATABASE_URL', value: 'postgres://app:s3cret@db/app' }))).toHaveLength(1);
    expect(findingsOf('hook-env-literal-secret', env({ name: 'API_KEY', value: 'abc' }))).toHaveLength(1);
    expect(findingsOf('hook-env-literal-secret', env({ name: 'DATABASE_URL', value: 'postgres://app@db/app' }))).toEqual([]);
    expect(findingsOf('hook-env-literal-secret', env({ name: 'DB_PASSWORD', value: '$(PASSWORD_FROM_SECRET)' }))).toEqual([]);
    expect(findingsOf('hook-env-literal-secret', env({ name: 'LOG_LEVEL', value: 'debug' }))).toEqual([]);
    // About a credential, not one: switches, sizes, durations, paths, names.
    for (const [name, value] of [['AUTH_ENABLED', 'true'], ['TOKEN_TTL', '3600'], ['PASSWORD_MIN_LENGTH', '12'], ['DB_PASSWORD_FILE', '/run/secrets/db'],
      ['SECRET_NAME', 'db-credentials'], ['AUTH', 'off'], ['API_KEY_HEADER', 'X-Api-Key']]) {
      expect(findingsOf('hook-env-literal-secret', env({ name, value }))).toEqual([]);
    }
    expect(findingsOf('hook-env-literal-secret', env({ name: 'GITHUB_TOKEN', value: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' }))).toHaveLength(1);
    expect(findingsOf('hook-env-literal-secret', env({ name: 'SOME_SETTING', value: 'postgres://u:p4ss@h/db' }))).toHaveLength(1);
  });
});
