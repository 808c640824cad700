import { startupBanner } from './startup-banner';

describe('the start-up banner', () => {
  it('boxes the address and, on a first start, the admin password', () => {
    const banner = startupBanner('http://localhost:3000', 'Xy7-secret', 'info');
    const lines = banner.split('\n');
    expect(lines[0]).toMatch(/^┌─+┐$/);
    expect(lines.at(-1)).toMatch(/^└─+┘$/);
    // Every line is as wide as the box.
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(banner).toContain('Open http://localhost:3000 in a browser.');
    expect(banner).toContain('password: Xy7-secret');
    expect(banner).toContain('LOG_LEVEL=debug shows each one');
  });

  it('names no password on a later start, and says requests are logged at debug', () => {
    const banner = startupBanner('http://127.0.0.1:8080', null, 'debug');
    expect(banner).not.toContain('password');
    expect(banner).toContain('Each request is logged below (LOG_LEVEL=debug).');
  });

  it('says each warning in the box, right under the address', () => {
    const warnings = [
      'Warning: APP_URL is not set, so the links in e-mails point to',
      'http://localhost:3000.',
    ];
    const lines = startupBanner('http://localhost:3000', null, 'info', warnings).split('\n');
    const open = lines.findIndex((line) => line.includes('Open http://localhost:3000 in a browser.'));
    expect(lines[open + 2]).toContain(warnings[0]);
    expect(lines[open + 3]).toContain(warnings[1]);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(startupBanner('http://localhost:3000', null, 'info')).not.toContain('Warning');
  });
});
