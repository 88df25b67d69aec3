import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { demoOperatorEmail } from './db/seed/demo-accounts.ts';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** A whole number within bounds, with one message a person can act on for any bad value. */
const wholeNumber = (min: number, max?: number) => {
  const error = max === undefined ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`;
  const schema = z.coerce.number({ error }).int({ error }).min(min, { error });
  return max === undefined ? schema : schema.max(max, { error });
};
const positiveInt = (fallback: number) => wholeNumber(1).default(fallback);

/** An address or a CIDR range (proxy-addr's form), or one of its named ranges. */
const proxyAddress = (entry: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/**
 * Which proxies' X-Forwarded-For to believe: off (the default: the peer is the client), a hop
 * count, or the proxies' addresses. Never "all": then any client could name its own address.
 */
const trustProxySchema = z
  .string()
  .trim()
  .default('off')
  .transform((value, ctx): number | string[] | false => {
    if (value === '' || value === 'off' || value === '0') return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.every(proxyAddress)) return entries;
    ctx.addIssue({ code: 'custom', message: 'must be off, a number of proxy hops, or proxy addresses/CIDR ranges separated by commas' });
    return z.NEVER;
  });

const emailList = z
  .string()
  .trim()
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'must be e-mail addresses separated by commas' })));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber(0, 65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(900),
  REFRESH_TOKEN_TTL_DAYS: positiveInt(30),
  APP_URL: optionalText.pipe(z.url().optional()),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(1).default('Meridian <no-reply@meridian.local>'),
  RATE_LIMIT_MAX: positiveInt(100),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
  LOGIN_MAX_FAILURES: positiveInt(10),
  LOGIN_LOCK_MINUTES: positiveInt(15),
  CORS_ORIGIN: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: z.enum(['demo', 'none']).optional(),
  TEST_ACCOUNTS: z.enum(['on', 'off']).optional(),
  OPERATOR_EMAILS: emailList.optional(),
  TRUST_PROXY: trustProxySchema,
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  appUrl: string;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  rateLimitMax: number;
  rateLimitWindowSeconds: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  corsOrigin: string | undefined;
  logLevel: string;
  seed: 'demo' | 'none';
  /** GET /auth/test-accounts lists the demo accounts and their passwords. */
  testAccounts: boolean;
  /** Accounts that may change what every firm shares (market prices), lower-case. */
  operatorEmails: string[];
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: number | string[] | false;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? 'environment');
      return `  ${key}=${JSON.stringify(env[key] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const dataDir = resolve(values.DATA_DIR);
  // A production server seeds and lists nothing it was not asked for by name; a laptop shows the demo.
  const production = values.NODE_ENV === 'production';
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    jwtSecret: values.JWT_SECRET ?? developmentSecret(values.NODE_ENV, dataDir),
    accessTokenTtlSeconds: values.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: values.REFRESH_TOKEN_TTL_DAYS,
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    redisUrl: values.REDIS_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    rateLimitMax: values.RATE_LIMIT_MAX,
    rateLimitWindowSeconds: values.RATE_LIMIT_WINDOW_SECONDS,
    loginMaxFailures: values.LOGIN_MAX_FAILURES,
    loginLockMinutes: values.LOGIN_LOCK_MINUTES,
    corsOrigin: values.CORS_ORIGIN,
    logLevel: values.LOG_LEVEL,
    seed: values.SEED ?? (production ? 'none' : 'demo'),
    testAccounts: (values.TEST_ACCOUNTS ?? (production ? 'off' : 'on')) === 'on',
    operatorEmails: values.OPERATOR_EMAILS ?? (production ? [] : [demoOperatorEmail]),
    trustProxy: values.TRUST_PROXY,
  };
}

/**
 * Outside production a missing JWT_SECRET is generated once and kept in DATA_DIR, so tokens
 * survive restarts without anyone having to invent a secret. Production must set it explicitly.
 */
function developmentSecret(nodeEnv: Config['nodeEnv'], dataDir: string): string {
  if (nodeEnv === 'production') {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET is required when NODE_ENV=production (at least 32 characters)');
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
