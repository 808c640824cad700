import { enginesAbove, repositoryEngines } from './node-engines';

describe('the Node version every dependency needs', () => {
  it('is within the one package.json promises', () => {
    const { lock, promised } = repositoryEngines();
    expect(promised).toBe('>=20.19');
    expect(enginesAbove(lock, promised)).toEqual([]);
  });

  it('finds a package that needs a newer Node', () => {
    const lock = {
      packages: {
        '': { version: '0.1.0', engines: { node: '>=20.19' } },
        'node_modules/old': { version: '1.0.0', engines: { node: '>=18' } },
        'node_modules/a/node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/listed': { version: '1.0.0', engines: ['node >= 0.8'] },
      },
    };
    expect(enginesAbove(lock, '>=20.19')).toEqual(['cookie@2.0.2 needs node >=22']);
  });
});
