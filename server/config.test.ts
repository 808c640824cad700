import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, withEnvFile } from './config';

describe('settings', () => {
  it('uses the defaults of the README when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      tokenTtlSeconds: 43_200,
    });
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.maxUploadBytes).toBe(100 * 1024 * 1024);
    expect(config.importLimits).toEqual({ maxRows: 4_000_000, maxInflatedBytes: 1536 * 1024 * 1024 });
    expect(config.trustProxy).toBeUndefined();
  });

  it('trusts only a named proxy', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toBe('127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,loopback' }).trustProxy).toBe(
      '10.0.0.0/8,::1,loopback',
    );
    for (const bad of ['true', '*', '1', '10.0.0.0/33', 'proxy.lan', '0.0.0.0/0/1', '0.0.0.0/0', '::/0'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /^Invalid setting TRUST_PROXY: must name the proxy/,
      );
  });

  it('stops at a bad setting with a one-line reason', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ TOKEN_TTL: '12 hours' })).toThrow(/^Invalid setting TOKEN_TTL: /);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/at least 32 characters/);
  });

  describe('a .env file', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'fat-env-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('is read under the environment, which wins', () => {
      const file = join(dir, '.env');
      writeFileSync(file, '# a comment\nPORT=4000\nLOG_LEVEL=warn\nMAIL_FROM="Clinic <a@b.c>"\n');
      const env = withEnvFile({ PORT: '5000' }, file);
      expect(env).toMatchObject({ PORT: '5000', LOG_LEVEL: 'warn', MAIL_FROM: 'Clinic <a@b.c>' });
      expect(loadConfig(env).port).toBe(5000);
    });

    it('is optional', () => {
      expect(withEnvFile({ PORT: '5000' }, join(dir, 'missing.env'))).toEqual({ PORT: '5000' });
    });
  });
});
