// Server configuration from environment variables (documented in .env.example).
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export type Config = {
  port: number
  dataDir: string
  /** postgres://… runs on PostgreSQL; unset means SQLite in the data directory; ':memory:' for tests. */
  databaseUrl: string | null
  allowedOrigins: string[]
  jwtSecret: Uint8Array
  /** Where reset links point: the site's origin. */
  siteUrl: string
  smtpUrl: string | null
  /**
   * Email alerts are offered: SMTP_URL is set, or this is a local run (not NODE_ENV=production and not an https
   * SITE_URL, the rule that makes cookies Secure), where the mails are printed to the log.
   */
  emailAlerts: boolean
  mailFrom: string
  googleClientId: string | null
  googleClientSecret: string | null
  githubClientId: string | null
  githubClientSecret: string | null
  googleJwksUrl: string
  googleTokenUrl: string
  githubOauthUrl: string
  githubApiUrl: string
  /** How many proxies in front append to X-Forwarded-For (0: none; the socket's address is the client's). */
  trustProxy: number
  /** NODE_ENV=production: cookies are always Secure. */
  production: boolean
  /** Lets the template job fetch private and loopback addresses (tests only). */
  allowPrivateFetch: boolean
  /** Seeds the Duvall demo set into a fresh database. */
  demo: boolean
  /** Runs the template job in this process. */
  jobs: boolean
  /** Seconds a reaction answer is reused in memory (0: never). */
  reactionCacheSeconds: number
  /** Days an owner link's edit key opens its item (OWNER_KEY_DAYS, 1 to 365, default 30). */
  ownerKeyDays: number
  /** The chat assistant's OpenAI-compatible endpoint (…/v1) and key; without both it has no model. */
  assistantApiUrl: string | null
  assistantApiKey: string | null
  assistantModel: string
  /** How long the assistant waits for the model (not from the environment; tests shorten it). */
  assistantTimeoutMs: number
}

type Env = Record<string, string | undefined>

const list = (value: string | undefined, fallback: string[]): string[] =>
  value
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : fallback

const flag = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value === '' ? fallback : /^(1|true|yes|on)$/i.test(value)

/** TRUST_PROXY: a hop count; `true`/`yes`/`on` mean one hop (the old boolean), `false`/`no`/`off` none. */
function proxyHops(value: string | undefined): number {
  if (!value) return 0
  if (/^(true|yes|on)$/i.test(value)) return 1
  if (/^(false|no|off)$/i.test(value)) return 0
  const hops = Number(value)
  if (!/^\d+$/.test(value) || hops > 10) throw new Error(`Bad TRUST_PROXY: ${value} (a hop count from 0 to 10)`)
  return hops
}

/** The JWT secret: JWT_SECRET when set, else one generated once and kept in the data directory. */
function jwtSecret(env: Env, dataDir: string): Uint8Array {
  const fromEnv = env['JWT_SECRET']
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('JWT_SECRET must be at least 32 characters')
    return new TextEncoder().encode(fromEnv)
  }
  const file = join(dataDir, 'jwt-secret')
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 })
    chmodSync(file, 0o600)
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim())
}

/** Reads .env into process.env when it exists (Node's own parser; variables already set win). */
export function loadEnvFile(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path)
}

/** Reads the configuration; throws with a plain message for a value that cannot work. */
export function loadConfig(env: Env = process.env): Config {
  const port = Number(env['API_PORT'] ?? 8787)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Bad API_PORT: ${env['API_PORT']}`)
  const dataDir = resolve(env['DATA_DIR'] || '.data')
  const sitePort = /^\d{1,5}$/.test(env['PORT'] ?? '') ? env['PORT']! : '4321'
  return {
    port,
    dataDir,
    databaseUrl: env['DATABASE_URL'] || null,
    // The local site's port (PORT, as `npm start` and `npm run serve` take it) moves the defaults with it.
    allowedOrigins: list(env['ALLOWED_ORIGINS'], [
      ...new Set([`http://localhost:${sitePort}`, 'http://localhost:4321', 'http://localhost:4322']),
    ]),
    jwtSecret: jwtSecret(env, dataDir),
    siteUrl: (env['SITE_URL'] || `http://localhost:${sitePort}`).replace(/\/$/, ''),
    smtpUrl: env['SMTP_URL'] || null,
    emailAlerts: Boolean(env['SMTP_URL']) || (env['NODE_ENV'] !== 'production' && !(env['SITE_URL'] ?? '').startsWith('https:')),
    mailFrom: env['MAIL_FROM'] || 'Porchlight <no-reply@localhost>',
    googleClientId: env['GOOGLE_CLIENT_ID'] || null,
    googleClientSecret: env['GOOGLE_CLIENT_SECRET'] || null,
    githubClientId: env['GITHUB_CLIENT_ID'] || null,
    githubClientSecret: env['GITHUB_CLIENT_SECRET'] || null,
    googleJwksUrl: env['GOOGLE_JWKS_URL'] || 'https://www.googleapis.com/oauth2/v3/certs',
    googleTokenUrl: env['GOOGLE_TOKEN_URL'] || 'https://oauth2.googleapis.com/token',
    githubOauthUrl: (env['GITHUB_OAUTH_URL'] || 'https://github.com').replace(/\/$/, ''),
    githubApiUrl: (env['GITHUB_API_URL'] || 'https://api.github.com').replace(/\/$/, ''),
    trustProxy: proxyHops(env['TRUST_PROXY']?.trim()),
    production: env['NODE_ENV'] === 'production',
    allowPrivateFetch: flag(env['ALLOW_PRIVATE_FETCH'], false),
    demo: flag(env['DEMO_DATA'], true),
    jobs: flag(env['JOBS'], true),
    reactionCacheSeconds: Math.max(0, Number(env['REACTION_CACHE_SECONDS'] ?? 5) || 0),
    ownerKeyDays: Math.min(365, Math.max(1, Math.trunc(Number(env['OWNER_KEY_DAYS'] ?? 30) || 30))),
    assistantApiUrl: env['ASSISTANT_API_URL']?.replace(/\/+$/, '') || null,
    assistantApiKey: env['ASSISTANT_API_KEY'] || null,
    assistantModel: env['ASSISTANT_MODEL'] || 'gpt-4o-mini',
    assistantTimeoutMs: 15_000,
  }
}
