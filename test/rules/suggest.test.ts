import * as fc from 'fast-check';
import { RULE_IDS } from '../../src/rules';
import { nearest, notARuleId } from '../../src/rules/suggest';

const ids = [...RULE_IDS];

test('one typo (a letter dropped, doubled, swapped or changed) in any rule id suggests that id', () => {
  const typo = fc.tuple(fc.constantFrom(...ids), fc.nat(), fc.constantFrom('drop', 'double', 'swap', 'change')).map(([id, at, how]) => {
    const i = at % (id.length - 1);
    if (how === 'drop') return [id, id.slice(0, i) + id.slice(i + 1)];
    if (how === 'double') return [id, id.slice(0, i) + id[i] + id.slice(i)];
    if (how === 'swap') return [id, id.slice(0, i) + id[i + 1] + id[i] + id.slice(i + 2)];
    return [id, id.slice(0, i) + (id[i] === 'x' ? 'y' : 'x') + id.slice(i + 1)];
  });
  fc.assert(fc.property(typo, ([id, wrong]) => {
    if (RULE_IDS.has(wrong)) return; // a swap of two equal letters
    expect(nearest(wrong, ids)).toBe(id);
  }));
});

test('nothing close, nothing suggested; the message is the same either way but for the suggestion', () => {
  expect(nearest('frobnicate', ids)).toBeUndefined();
  expect(notARuleId('frobnicate', RULE_IDS)).toBe('"frobnicate" is not a rule id');
  expect(notARuleId('Wave-Unneeded', RULE_IDS)).toBe('"Wave-Unneeded" is not a rule id (did you mean "wave-unneeded"?)');
});
