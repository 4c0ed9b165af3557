/** The DeletionError words (src/argo/deletion-errors.ts): what simulate --delete writes, explain reads back. */
import * as fc from 'fast-check';
import { deletionHookError, hooksAlreadyExist, hooksFailed, namespaceNotFound, readDeletionError } from '../../src/argo/deletion-errors';

const type = fc.constantFrom('PreDelete' as const, 'PostDelete' as const);
const dnsName = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/);

test('property: every message written is read back as its cause, wrapped or not', () => {
  fc.assert(fc.property(type, dnsName, fc.array(dnsName, { minLength: 1, maxLength: 3 }), (t, ns, names) => {
    expect(readDeletionError(deletionHookError(t, namespaceNotFound(ns)))).toEqual({ cause: 'namespace-not-found', namespace: ns });
    const hooks = names.map((n) => `${ns}/${n}`);
    expect(readDeletionError(deletionHookError(t, hooksFailed(t, hooks)))).toEqual({ cause: 'hooks-failed', type: t, hooks: hooks.join(', ') });
    expect(readDeletionError(deletionHookError(t, hooksAlreadyExist(t, names)))).toEqual({ cause: 'already-exists' });
  }));
});

test('only the PreDelete step is wrapped; other messages are no known cause', () => {
  expect(deletionHookError('PreDelete', 'x')).toBe('error executing pre-delete hooks: x');
  expect(deletionHookError('PostDelete', 'x')).toBe('x');
  expect(readDeletionError('failed to get app hooks: rpc error')).toBeUndefined();
});

test('the API server\'s refusal of a label value over 63 characters (apimachinery IsValidLabelValue, in characters or, newer, bytes), wrapped or not', () => {
  const value = 'a'.repeat(64);
  for (const unit of ['characters', 'bytes']) {
    const refusal = `Job.batch "drain" is invalid: metadata.labels: Invalid value: "${value}": must be no more than 63 ${unit}`;
    expect(readDeletionError(deletionHookError('PreDelete', refusal))).toEqual({ cause: 'label-too-long', hook: 'Job.batch "drain"', value });
    expect(readDeletionError(refusal)).toEqual({ cause: 'label-too-long', hook: 'Job.batch "drain"', value });
  }
  // Another field's refusal is no known cause.
  expect(readDeletionError(`Job.batch "drain" is invalid: metadata.name: Invalid value: "${value}": must be no more than 63 characters`)).toBeUndefined();
});
