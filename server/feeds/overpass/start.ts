// The business fetcher of this API instance: configured from the environment, refreshed hourly, found by the reaction.
import type { Db } from '../../db/index.ts'
import { loadFeedsConfig } from '../config.ts'
import { places as placeCells } from './rank.ts'
import { MIN_429_WAIT_MS, createBusinessFetcher, type BusinessFetcher, type FetcherOptions } from './fetcher.ts'

export const DEFAULT_OVERPASS_URL = 'https://overpass-api.de/api/interpreter'
/** Well under the Overpass manual's "about 10000 requests per day" for the public instances. */
export const DEFAULT_DAILY_BUDGET = 1000
export const WEEK_MS = 7 * 86_400_000
const REFRESH_EVERY_MS = 3_600_000

type Env = Record<string, string | undefined>
const fetchers = new WeakMap<Db, BusinessFetcher>()

/** The running fetcher for this database, if this instance started one (JOBS=0 or OVERPASS_ENABLED=0: none). */
export const businessFetcher = (db: Db): BusinessFetcher | null => fetchers.get(db) ?? null

/** True for a URL on this machine (127.0.0.0/8, ::1, localhost): a fake Overpass in tests, never the operators'. */
function onLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
    return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
  } catch {
    return false
  }
}

/**
 * Reads OVERPASS_URL, OVERPASS_DAILY_BUDGET and the feeds' contact (FEEDS_CONTACT) for the User-Agent. The wait after
 * a 429 is the operators' 30 s; OVERPASS_429_WAIT_MS shortens it only for an Overpass on loopback with private
 * fetches allowed (the end-to-end tests' fake), so no setting can make the product hurry a real Overpass.
 */
export function fetcherOptions(env: Env, allowPrivate: boolean): Omit<FetcherOptions, 'now' | 'sleep'> {
  const budget = Number(env['OVERPASS_DAILY_BUDGET'])
  let userAgent = `Porchlight/1.0 ${env['FEEDS_CONTACT'] ?? ''}`.trim()
  try {
    userAgent = loadFeedsConfig(env).userAgent
  } catch {
    // A bad feeds file stops the feed engine with its own message; the contact variable still applies here.
  }
  const url = env['OVERPASS_URL'] || DEFAULT_OVERPASS_URL
  const testWait = Number(env['OVERPASS_429_WAIT_MS'])
  const fake = allowPrivate && onLoopback(url) && env['OVERPASS_429_WAIT_MS'] !== undefined && Number.isInteger(testWait)
  return {
    url,
    userAgent,
    dailyBudget: Number.isInteger(budget) && budget >= 0 ? budget : DEFAULT_DAILY_BUDGET,
    refreshMs: WEEK_MS,
    allowPrivate,
    timeoutMs: 60_000,
    min429WaitMs: fake ? Math.max(0, testWait) : MIN_429_WAIT_MS,
  }
}

/** Starts this instance's fetcher (registered for the reaction route) and its hourly weekly-refresh sweep. */
export function startBusinesses(db: Db, options: FetcherOptions): { fetcher: BusinessFetcher; stop: () => void } {
  const fetcher = createBusinessFetcher(db, options)
  fetchers.set(db, fetcher)
  const sweep = (): void => void fetcher.refreshDue().catch((error: unknown) => console.error('businesses: refresh', error))
  const timer = setInterval(sweep, REFRESH_EVERY_MS)
  timer.unref()
  return {
    fetcher,
    stop: () => {
      clearInterval(timer)
      fetcher.stop()
      fetchers.delete(db)
    },
  }
}

/** From the API's entry point: on unless OVERPASS_ENABLED=0. */
export function startBusinessesFromEnv(db: Db, allowPrivate: boolean, env: Env = process.env) {
  if (/^(0|false|no|off)$/i.test(env['OVERPASS_ENABLED'] ?? '')) return null
  const options = fetcherOptions(env, allowPrivate)
  console.log(`businesses: Overpass ${options.url}, ${options.dailyBudget} requests a day`)
  placeCells()
  return startBusinesses(db, {
    ...options,
    now: () => new Date(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  })
}
