/**
 * A session's browser as a person names it ("Chrome on Windows"), from the User-Agent it signed
 * in with. The order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", Android
 * says "Linux", and iPhones' other browsers say "Safari".
 */

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Headless)?(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\b(iPhone|iPod)\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: readonly [RegExp, string][], ua: string) =>
  list.find(([pattern]) => pattern.test(ua))?.[1];

export function browserName(userAgent: string | null): string {
  if (!userAgent?.trim()) return 'Unknown browser';
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  // Not a browser a person uses (a script, curl): its own first word says what it is.
  return userAgent.trim().split(/[\s/]/)[0].slice(0, 40);
}
