import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecretBox, keyFilePath, openWith, sealWith } from './secret-box';

const key = randomBytes(32);

describe('sealWith and openWith', () => {
  it('give back the text, sealed differently each time', () => {
    const a = sealWith(key, 'pa$$word');
    expect(a).not.toContain('pa$$word');
    expect(a).not.toBe(sealWith(key, 'pa$$word'));
    expect(openWith(key, a)).toBe('pa$$word');
  });

  it('open nothing with another key or a changed value', () => {
    const sealed = sealWith(key, 'secret');
    expect(openWith(randomBytes(32), sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[4] = Buffer.from('other').toString('base64url');
    expect(openWith(key, parts.join('.'))).toBeNull();
    expect(openWith(key, 'not sealed')).toBeNull();
  });
});

describe('createSecretBox', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fat-box-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a key file only its owner may read, and opens with it', async () => {
    const box = createSecretBox(dir, undefined);
    const sealed = await box.seal('secret');
    expect(statSync(keyFilePath(dir)).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFilePath(dir), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(await createSecretBox(dir, undefined).open(sealed)).toBe('secret');
  });

  it('cannot open once the key file is gone', async () => {
    const sealed = await createSecretBox(dir, undefined).seal('secret');
    rmSync(keyFilePath(dir));
    expect(await createSecretBox(dir, undefined).open(sealed)).toBeNull();
  });

  it('uses SYNC_KEY when given, making no file', async () => {
    const sealed = await createSecretBox(dir, key).seal('secret');
    expect(() => statSync(keyFilePath(dir))).toThrow();
    expect(openWith(key, sealed)).toBe('secret');
    expect(await createSecretBox(dir, undefined).open(sealed)).toBeNull();
  });
});

describe('purposes', () => {
  it('opens a value only for the purpose it was sealed for', () => {
    const key = randomBytes(32);
    const totp = sealWith(key, 'JBSWY3DPEHPK3PXP', 'totp-secret');
    expect(openWith(key, totp, 'totp-secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(openWith(key, totp, 'opendental-password')).toBeNull();
    expect(openWith(key, sealWith(key, 'pw'), 'totp-secret')).toBeNull();
  });
});
