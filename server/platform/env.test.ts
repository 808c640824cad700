import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EnvError, loadEnv, settingWarnings, withEnvFile } from './env';

describe('settings', () => {
  it('uses the defaults of the README when nothing is set', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      tokenTtlSeconds: 43_200,
    });
    expect(env.appUrl).toBe('http://localhost:3000');
    expect(env.maxUploadBytes).toBe(100 * 1024 * 1024);
    expect(env.importLimits).toEqual({ maxRows: 4_000_000, maxInflatedBytes: 1536 * 1024 * 1024 });
    expect(env.trustProxy).toBeUndefined();
  });

  it('trusts only a named proxy', () => {
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toBe('127.0.0.1');
    expect(loadEnv({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,loopback' }).trustProxy).toBe('10.0.0.0/8,::1,loopback');
    for (const bad of ['true', '*', '1', '10.0.0.0/33', 'proxy.lan', '0.0.0.0/0/1', '0.0.0.0/0', '::/0'])
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(
        /^Invalid setting TRUST_PROXY: must name the proxy/,
      );
  });

  it('warns when mail is set up and APP_URL is not, as e-mailed links would point to localhost', () => {
    const mailOnly = loadEnv({ SMTP_URL: 'smtp://mail.example.com:587', PORT: '8080' });
    expect(mailOnly.appUrlIsDefault).toBe(true);
    const warning = settingWarnings(mailOnly).join(' ');
    expect(warning).toMatch(/^Warning: APP_URL is not set/);
    expect(warning).toContain('http://localhost:8080');
    expect(
      settingWarnings(loadEnv({ SMTP_URL: 'smtp://m.example.com', APP_URL: 'https://t.example.com/' })),
    ).toEqual([]);
    // No mail, no e-mailed links: nothing to warn about.
    expect(settingWarnings(loadEnv({}))).toEqual([]);
    expect(loadEnv({ APP_URL: 'http://localhost:3000' }).appUrlIsDefault).toBe(false);
  });

  it('stops at a bad setting with a one-line reason', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(EnvError);
    expect(() => loadEnv({ TOKEN_TTL: '12 hours' })).toThrow(/^Invalid setting TOKEN_TTL: /);
    expect(() => loadEnv({ JWT_SECRET: 'short' })).toThrow(/at least 32 characters/);
  });

  describe('single sign-on', () => {
    const sso = {
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'client-1',
      OIDC_CLIENT_SECRET: 'secret-1',
    };

    it('is off, with passwords on, when none of its settings is given', () => {
      const env = loadEnv({});
      expect(env.oidc).toBeNull();
      expect(env.passwordLogin).toBe(true);
    });

    it('takes the three settings together, with the name and trusted second factor defaulted', () => {
      expect(loadEnv(sso).oidc).toEqual({
        issuer: 'https://accounts.google.com',
        clientId: 'client-1',
        clientSecret: 'secret-1',
        name: 'your organization',
        trustedMfa: false,
      });
      const named = loadEnv({ ...sso, OIDC_NAME: 'Lakeside Dental', OIDC_TRUSTED_MFA: 'true' });
      expect(named.oidc).toMatchObject({ name: 'Lakeside Dental', trustedMfa: true });
      expect(loadEnv({ ...sso, PASSWORD_LOGIN: 'off' }).passwordLogin).toBe(false);
    });

    it('refuses part of the three, naming what is set and what is missing', () => {
      expect(() => loadEnv({ OIDC_ISSUER: sso.OIDC_ISSUER })).toThrow(
        'Invalid setting OIDC_CLIENT_ID: single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together; OIDC_ISSUER is set but OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are not',
      );
      expect(() => loadEnv({ ...sso, OIDC_CLIENT_SECRET: '' })).toThrow(
        'Invalid setting OIDC_CLIENT_SECRET: single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together; OIDC_ISSUER and OIDC_CLIENT_ID are set but OIDC_CLIENT_SECRET is not',
      );
    });

    it('refuses an issuer without https, but for one on this computer', () => {
      expect(() => loadEnv({ ...sso, OIDC_ISSUER: 'http://idp.example.com' })).toThrow(
        'Invalid setting OIDC_ISSUER: must start with https:// (plain http only for an address on this computer)',
      );
      expect(() => loadEnv({ ...sso, OIDC_ISSUER: 'google' })).toThrow(
        /^Invalid setting OIDC_ISSUER: must be/,
      );
      expect(loadEnv({ ...sso, OIDC_ISSUER: 'http://127.0.0.1:3942' }).oidc?.issuer).toBe(
        'http://127.0.0.1:3942',
      );
    });

    it('refuses PASSWORD_LOGIN=off without single sign-on, and a value other than on or off', () => {
      expect(() => loadEnv({ PASSWORD_LOGIN: 'off' })).toThrow(
        'Invalid setting PASSWORD_LOGIN: off needs single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET)',
      );
      expect(() => loadEnv({ ...sso, PASSWORD_LOGIN: 'no' })).toThrow(
        'Invalid setting PASSWORD_LOGIN: must be on or off',
      );
      expect(() => loadEnv({ ...sso, OIDC_TRUSTED_MFA: 'yes' })).toThrow(
        'Invalid setting OIDC_TRUSTED_MFA: must be true or false',
      );
    });
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
      expect(loadEnv(env).port).toBe(5000);
    });

    it('is optional', () => {
      expect(withEnvFile({ PORT: '5000' }, join(dir, 'missing.env'))).toEqual({ PORT: '5000' });
    });
  });
});
