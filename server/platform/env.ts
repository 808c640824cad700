import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from './import-limits';

/** A 32-byte key setting, refused at start-up unless it is one. */
function keySetting() {
  return z
    .string()
    .refine((v) => keyBytes(v) !== null, 'must be 32 bytes written as 64 hex digits or in base64')
    .optional();
}
const keyOf = (text: string | undefined) => (text === undefined ? undefined : (keyBytes(text) ?? undefined));

/** Every setting the server reads, with its default. Listed in README.md and .env.example. */
const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL: z
    .string()
    .regex(/^\d+\s*(s|m|h|d)$/, 'must look like 30m, 12h or 7d')
    .default('12h'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Full Arch Tracker <no-reply@localhost>'),
  APP_URL: z.string().url('must be a URL such as http://localhost:3000').optional(),
  RESET_TOKEN_IN_RESPONSE: z.enum(['true', 'false']).default('false'),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(2048).default(100),
  MAX_IMPORT_ROWS: z.coerce.number().int().positive().default(DEFAULT_IMPORT_LIMITS.maxRows),
  MAX_IMPORT_INFLATED_MB: z.coerce
    .number()
    .positive()
    .max(4096)
    .default(DEFAULT_IMPORT_LIMITS.maxInflatedBytes / 1024 / 1024),
  TRUST_PROXY: z
    .string()
    .refine(
      (v) => v.split(',').every((entry) => isProxyAddress(entry.trim())),
      'must name the proxy: addresses or ranges separated by commas, e.g. 127.0.0.1 or 10.0.0.0/8',
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Minutes without a key press, click or scroll before the web app signs out; 0 never.
  IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(0).max(1440).default(30),
  // The Open Dental database to sync from, instead of the one saved on the Data Import tab.
  OPENDENTAL_URL: z
    .string()
    .regex(/^(mysql|mariadb):\/\/[^\s]+$/, 'must look like mysql://user:password@host:3306/opendental')
    .optional(),
  // The key the saved Open Dental password is encrypted with (docs/security.md): 32 bytes as
  // 64 hex digits or base64. Unset, a key file in the data folder is made and used.
  SYNC_KEY: keySetting(),
  // Single sign-on (docs/behaviour.md section 20): all three, or none.
  OIDC_ISSUER: z
    .string()
    .url('must be the identity provider’s address, such as https://accounts.google.com')
    .refine(isSecureIssuer, 'must start with https:// (plain http only for an address on this computer)')
    .optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().trim().min(1).max(60, 'must be at most 60 characters').default('your organization'),
  OIDC_TRUSTED_MFA: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  PASSWORD_LOGIN: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  // Backups (docs/behaviour.md section 21). BACKUP_DIR unset: DATA_DIR/backups.
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day such as 02:00 or 23:30')
    .default('02:00'),
  BACKUP_KEEP: z.coerce.number().int('must be a whole number').min(1).max(1000).default(14),
  // 32 bytes as 64 hex digits or base64; unset, a key file in the data folder is made and used.
  BACKUP_KEY: keySetting(),
});

const OIDC_SETTINGS = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

/** A key's 32 bytes (SYNC_KEY, BACKUP_KEY), or null when it is not 64 hex digits or base64 of 32 bytes. */
function keyBytes(text: string): Buffer | null {
  const v = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const bytes = Buffer.from(v, 'base64');
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

/** https, or plain http on a loopback address (a test's own identity provider). */
function isSecureIssuer(url: string): boolean {
  // Not a URL at all is said by the check before this one.
  if (!URL.canParse(url)) return true;
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || (protocol === 'http:' && isLoopbackHost(hostname));
}

export const isLoopbackHost = (hostname: string): boolean =>
  ['localhost', '127.0.0.1', '[::1]'].includes(hostname);

/** An address, a range (address/bits) or one of the named ranges Fastify knows; never 'everyone'. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  // A prefix of 0 would be every address.
  return (
    bits === undefined ||
    (/^\d+$/.test(bits) && Number(bits) > 0 && Number(bits) <= (version === 4 ? 32 : 128))
  );
}

export interface Env {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  jwtSecret: string | undefined;
  tokenTtl: string;
  tokenTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  /** APP_URL was left unset: `appUrl` is this computer's own address, which others cannot open. */
  appUrlIsDefault: boolean;
  resetTokenInResponse: boolean;
  maxUploadBytes: number;
  /** What one import may hold, whatever its file's size. */
  importLimits: ImportLimits;
  /** Addresses of the TLS proxy whose X-Forwarded-For/-Proto are believed; unset, none. */
  trustProxy: string | undefined;
  logLevel: string;
  /** 0: no automatic logoff. */
  idleTimeoutMinutes: number;
  /** mysql://... : the Open Dental connection is set here, not on the Data Import tab. */
  opendentalUrl: string | undefined;
  /** The key for the saved Open Dental password; undefined: the key file in the data folder. */
  syncKey: Buffer | undefined;
  /** Single sign-on through this OpenID Connect issuer; null: not set up. */
  oidc: OidcSettings | null;
  /** false (PASSWORD_LOGIN=off): only the first admin `admin` may sign in with a password. */
  passwordLogin: boolean;
  backup: BackupSettings;
}

export interface BackupSettings {
  /** Where backups are written. */
  dir: string;
  /** The daily backup's time of day, server time: hours and minutes. */
  at: { hour: number; minute: number };
  /** How many of the newest backups are kept. */
  keep: number;
  /** BACKUP_KEY; undefined: the key file in the data folder. */
  key: Buffer | undefined;
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Said on the sign-in button: 'Sign in with {name}'. */
  name: string;
  /** A sign-in through the issuer counts as the second factor. */
  trustedMfa: boolean;
}

/**
 * The single sign-on settings: all three of issuer, client id and secret, or none. Half a setup
 * is refused at start-up, naming what is missing, rather than leaving a button that cannot work;
 * PASSWORD_LOGIN=off without it would leave nobody but `admin` a way in.
 */
function oidcSettings(c: z.infer<typeof schema>): OidcSettings | null {
  const missing = OIDC_SETTINGS.filter((name) => c[name] === undefined);
  if (missing.length === OIDC_SETTINGS.length) {
    if (c.PASSWORD_LOGIN === 'off')
      throw new EnvError(
        'Invalid setting PASSWORD_LOGIN: off needs single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET)',
      );
    return null;
  }
  if (missing.length > 0) {
    const set = OIDC_SETTINGS.filter((name) => !missing.includes(name));
    throw new EnvError(
      `Invalid setting ${missing[0]}: single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together; ${set.join(' and ')} ${set.length === 1 ? 'is' : 'are'} set but ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not`,
    );
  }
  return {
    issuer: c.OIDC_ISSUER!,
    clientId: c.OIDC_CLIENT_ID!,
    clientSecret: c.OIDC_CLIENT_SECRET!,
    name: c.OIDC_NAME,
    trustedMfa: c.OIDC_TRUSTED_MFA === 'true',
  };
}

export class EnvError extends Error {}

const unitSeconds: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** Reads settings from an environment; an empty value counts as unset. Throws EnvError with one line. */
export function loadEnv(env: NodeJS.ProcessEnv = process.env): Env {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new EnvError(`Invalid setting ${issue.path.join('.')}: ${issue.message}`);
  }
  const c = parsed.data;
  const ttl = /^(\d+)\s*([smhd])$/.exec(c.TOKEN_TTL)!;
  const tokenTtlSeconds = Number(ttl[1]) * unitSeconds[ttl[2]];
  if (tokenTtlSeconds < 60) throw new EnvError('Invalid setting TOKEN_TTL: must be at least 1 minute');
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    adminPassword: c.ADMIN_PASSWORD,
    jwtSecret: c.JWT_SECRET,
    tokenTtl: c.TOKEN_TTL,
    tokenTtlSeconds,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    appUrl: (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    appUrlIsDefault: c.APP_URL === undefined,
    resetTokenInResponse: c.RESET_TOKEN_IN_RESPONSE === 'true',
    maxUploadBytes: Math.floor(c.MAX_UPLOAD_MB * 1024 * 1024),
    importLimits: {
      maxRows: c.MAX_IMPORT_ROWS,
      maxInflatedBytes: Math.floor(c.MAX_IMPORT_INFLATED_MB * 1024 * 1024),
    },
    trustProxy: c.TRUST_PROXY?.split(',')
      .map((a) => a.trim())
      .join(','),
    logLevel: c.LOG_LEVEL,
    idleTimeoutMinutes: c.IDLE_TIMEOUT_MINUTES,
    opendentalUrl: c.OPENDENTAL_URL,
    syncKey: keyOf(c.SYNC_KEY),
    oidc: oidcSettings(c),
    passwordLogin: c.PASSWORD_LOGIN === 'on',
    backup: {
      dir: c.BACKUP_DIR ?? join(c.DATA_DIR, 'backups'),
      at: { hour: Number(c.BACKUP_TIME.slice(0, 2)), minute: Number(c.BACKUP_TIME.slice(3)) },
      keep: c.BACKUP_KEEP,
      key: keyOf(c.BACKUP_KEY),
    },
  };
}

/**
 * What start-up warns about, for the banner: settings that let the server run but would surprise
 * its users. With mail set up and no APP_URL, every link in an e-mail (reset, digest, monthly
 * report) points to localhost, which opens nothing on the reader's computer.
 */
export function settingWarnings(env: Pick<Env, 'smtpUrl' | 'appUrl' | 'appUrlIsDefault'>): string[] {
  if (!env.smtpUrl || !env.appUrlIsDefault) return [];
  return [
    `Warning: APP_URL is not set, so the links in e-mails point to`,
    `${env.appUrl}, which opens only on this computer.`,
    'Set APP_URL to the address users open the app at.',
  ];
}

/**
 * The settings of a `.env` file in the working folder, under the environment's own: a variable
 * set in the shell wins over the file. No file means no settings from it.
 */
export function withEnvFile(env: NodeJS.ProcessEnv, path = '.env'): NodeJS.ProcessEnv {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return env;
    throw new EnvError(`Could not read ${path}: ${(err as Error).message}`);
  }
  return { ...parseEnv(text), ...env };
}
