/**
 * What start-up prints once listening: the address, on the first start the admin's password, and
 * any setting to fix (`settingWarnings`, server/platform/env.ts), in a box that stands out on the console.
 * Request logs are at `debug` (server/app.ts), so at the default level nothing scrolls it away.
 */
export function startupBanner(
  url: string,
  firstAdminPassword: string | null,
  logLevel: string,
  warnings: readonly string[] = [],
): string {
  const lines = ['Full Arch Tracker is running.', '', `Open ${url} in a browser.`];
  if (warnings.length > 0) lines.push('', ...warnings);
  if (firstAdminPassword)
    lines.push(
      '',
      'First start: created the admin account.',
      '  username: admin',
      `  password: ${firstAdminPassword}`,
      'This password is shown only once. Sign in, then change it',
      "from the user menu (top right) with 'Change password'.",
    );
  lines.push('', requestLogLine(logLevel), 'Press Ctrl+C to stop.');
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  return [`┌${rule}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${rule}┘`].join('\n');
}

function requestLogLine(logLevel: string): string {
  return logLevel === 'debug' || logLevel === 'trace'
    ? `Each request is logged below (LOG_LEVEL=${logLevel}).`
    : 'Requests are not logged; LOG_LEVEL=debug shows each one.';
}
