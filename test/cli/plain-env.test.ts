import { writeFileSync } from 'fs';
import { join } from 'path';
import { tempDirEach } from './helpers';
import { loadPaths, parseManifests } from '../../src/cli/load';
import { withPlainEnv } from '../../src/cli/plain-env';

const tmp = tempDirEach('syncplan-plain-env');
const cm = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n`;

describe('withPlainEnv: process.env is a plain copy only while a synchronous parse runs', () => {
  test('inside, the same names and values in a plain object; afterwards, the real process.env again', () => {
    const real = process.env;
    process.env.SYNCPLAN_PLAIN_ENV_TEST = 'seen';
    try {
      const inside = withPlainEnv(() => {
        expect(process.env).not.toBe(real);
        expect(Object.getPrototypeOf(process.env)).toBe(Object.prototype);
        expect({ ...process.env }).toEqual({ ...real });
        return process.env.SYNCPLAN_PLAIN_ENV_TEST;
      });
      expect(inside).toBe('seen');
      expect(process.env).toBe(real);
    } finally {
      delete process.env.SYNCPLAN_PLAIN_ENV_TEST;
    }
  });

  test('the real one is back when the parse throws, and a nested call copies nothing more', () => {
    const real = process.env;
    expect(() => withPlainEnv(() => {
      const outer = process.env;
      withPlainEnv(() => expect(process.env).toBe(outer));
      throw new Error('bad input');
    })).toThrow('bad input');
    expect(process.env).toBe(real);
  });

  test('loadPaths and parseManifests leave process.env as they found it, also on bad YAML', () => {
    const real = process.env;
    const dir = tmp();
    writeFileSync(join(dir, 'a.yaml'), `${cm('a')}---\n${cm('b')}`);
    expect(loadPaths([dir]).map(m => (m.object.metadata as { name: string }).name)).toEqual(['a', 'b']);
    expect(process.env).toBe(real);
    expect(() => parseManifests('a: [1\n', 'bad.yaml')).toThrow(/bad\.yaml:\d+/);
    expect(process.env).toBe(real);
  });
});
