import { humanDuration } from '../../src/report/duration';

test('seconds, minutes and seconds, hours and minutes', () => {
  expect([0, 59, 60, 250, 3599, 3600, 7380].map(humanDuration)).toEqual(['0s', '59s', '1m 0s', '4m 10s', '59m 59s', '1h 0m', '2h 3m']);
});
