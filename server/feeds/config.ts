// The feed configuration: server/feeds/feeds.json (or FEEDS_FILE), checked at start, with environment overrides.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import type { Attribution } from './types.ts'

export const DEFAULT_FEEDS_FILE = fileURLToPath(new URL('./feeds.json', import.meta.url))
export const DEFAULT_CONTACT = '(porchlight.example, ops@example.com)'

const ID = /^[a-z0-9][a-z0-9-]{0,62}$/

const feedSchema = z
  .object({
    id: z.string().regex(ID, 'lower-case letters, digits and dashes'),
    name: z.string().min(1).max(200),
    adapter: z.string().min(1).max(60),
    /** May hold `{key}`, replaced by the value of the environment variable named by keyEnv. */
    url: z.string().max(2000).nullable().default(null),
    keyEnv: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]*$/)
      .nullable()
      .default(null),
    enabled: z.boolean().default(false),
    scheduleSeconds: z
      .number()
      .int()
      .min(30)
      .max(7 * 86_400),
    maxBytes: z.number().int().min(1000).max(100_000_000).default(5_000_000),
    timeoutSeconds: z.number().int().min(1).max(300).default(30),
    /** Items turn old (is_old, shown with their age) when the last good fetch is older than this. */
    staleAfterSeconds: z.number().int().min(60).optional(),
    accept: z.string().max(200).default('application/json'),
    options: z.record(z.string(), z.unknown()).default({}),
    attribution: z.object({ name: z.string().min(1).max(200), url: z.url().nullable() }),
    /** Free text for operators (licence, where the URL comes from). Ignored by the engine. */
    notes: z.string().max(2000).optional(),
  })
  .strict()

const fileSchema = z
  .object({
    $schema: z.string().optional(),
    $comment: z.string().optional(),
    /** Sent in the User-Agent, as NWS and Overpass ask: "(site, email)". FEEDS_CONTACT overrides it. */
    contact: z.string().max(200).default(DEFAULT_CONTACT),
    /** Feeds grouped by section ("alerts", "roads", "cameras", "businesses"): each engineer owns a list. */
    groups: z.record(z.string(), z.array(feedSchema)),
  })
  .strict()

export type FeedConfig = z.infer<typeof feedSchema>

/** A feed ready to run: overrides applied, key substituted, and why it cannot run if it cannot. */
export type Feed = Omit<FeedConfig, 'url' | 'staleAfterSeconds' | 'attribution'> & {
  group: string
  url: string | null
  staleAfterSeconds: number
  attribution: Attribution
  /** Why an enabled feed cannot run (missing key or URL); recorded as its error. */
  problem: string | null
}

export type FeedsConfig = { contact: string; userAgent: string; feeds: Feed[] }

type Env = Record<string, string | undefined>

/** FEED_<ID>_… variable names: the id upper-cased with dashes as underscores. */
export const envName = (id: string, field: string): string => `FEED_${id.toUpperCase().replace(/-/g, '_')}_${field}`

/**
 * Where a listed feed's key may go: only an address the operator gave (FEED_<ID>_URL, or options.overrides[id].url),
 * never the list's own. The id comes from the row's state and name, so a list edit that keeps the name and changes
 * the host would otherwise receive the operator's key (issue 36). Null when the operator gave none.
 * @example operatorUrl('wzdx-co-x', {}, { FEED_WZDX_CO_X_URL: 'https://a.example/?k={key}' }) // 'https://a.example/?k={key}'
 */
export function operatorUrl(id: string, override: Record<string, unknown> | undefined, env: Env): string | null {
  const given = override?.['url']
  return env[envName(id, 'URL')] || (typeof given === 'string' && given ? given : null)
}

const flag = (value: string | undefined): boolean | undefined =>
  value === undefined || value === '' ? undefined : /^(1|true|yes|on)$/i.test(value)

function resolve(group: string, config: FeedConfig, env: Env): Feed {
  const enabled = flag(env[envName(config.id, 'ENABLED')]) ?? config.enabled
  let url = env[envName(config.id, 'URL')] || config.url
  let problem: string | null = null
  if (!url) problem = `No URL: set ${envName(config.id, 'URL')}`
  else if (url.includes('{key}')) {
    const key = config.keyEnv ? env[config.keyEnv] : undefined
    if (key) url = url.replaceAll('{key}', encodeURIComponent(key))
    else {
      problem = `No key: set ${config.keyEnv ?? 'keyEnv in the feed configuration'}`
      url = null
    }
  }
  return {
    ...config,
    group,
    url,
    enabled,
    // Three missed runs, and never under ten minutes, before an outage shows as old data.
    staleAfterSeconds: config.staleAfterSeconds ?? Math.max(3 * config.scheduleSeconds, 600),
    problem,
  }
}

/**
 * One feed made outside the file (a registry row, server/feeds/registry.ts), checked by the same rules and with the
 * same environment overrides; throws a plain message naming the bad field.
 */
export function resolveFeed(group: string, json: unknown, env: Env = process.env): Feed {
  const parsed = feedSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Error(`Feed ${String((json as { id?: unknown })?.id)}: ${issue.path.join('.')}: ${issue.message}`)
  }
  return resolve(group, parsed.data, env)
}

/** Checks a parsed configuration file and applies the environment; throws a plain message naming the bad field. */
export function parseFeedsConfig(json: unknown, env: Env = process.env): FeedsConfig {
  const parsed = fileSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Error(`Feed configuration: ${issue.path.join('.') || 'file'}: ${issue.message}`)
  }
  const feeds = Object.entries(parsed.data.groups).flatMap(([group, list]) => list.map((feed) => resolve(group, feed, env)))
  const seen = new Set<string>()
  for (const feed of feeds) {
    if (seen.has(feed.id)) throw new Error(`Feed configuration: feed id ${feed.id} appears twice`)
    seen.add(feed.id)
  }
  const contact = env['FEEDS_CONTACT'] || parsed.data.contact
  return { contact, userAgent: `Porchlight/1.0 ${contact}`, feeds }
}

/** Reads FEEDS_FILE (default server/feeds/feeds.json). */
export function loadFeedsConfig(env: Env = process.env): FeedsConfig {
  const file = env['FEEDS_FILE'] || DEFAULT_FEEDS_FILE
  let json: unknown
  try {
    json = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unknown error'
    throw new Error(`Feed configuration: cannot read ${file}: ${reason}`, { cause: error })
  }
  return parseFeedsConfig(json, env)
}

/** FEEDS=0 (or JOBS=0) keeps the feed engine off in this instance. */
export const feedsEnabled = (env: Env = process.env): boolean => flag(env['FEEDS']) ?? true
