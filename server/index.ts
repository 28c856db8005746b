// Starts the API: configuration, database and migrations, demo data on a fresh database, the template job, HTTP.
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { loadConfig, loadEnvFile } from './config.ts'
import { openDatabase } from './db/index.ts'
import { pruneSessions } from './db/queries/sessions.ts'
import { seedDemo } from './db/demo/index.ts'
import { createMailer } from './lib/mail.ts'
import { createMicroCache } from './lib/micro-cache.ts'
import { createDrain, graceSeconds } from './lib/drain.ts'
import { cityIndex } from './lib/cities.ts'

loadEnvFile()
const config = loadConfig()
const store = await openDatabase(config.databaseUrl, config.dataDir)
// The city index (20,811 places, 0.6 s to build on a slow core) is made before the first request, not in one.
cityIndex()
if (config.demo) {
  const seeded = await seedDemo(store.db)
  if (seeded) console.log(`api: added ${seeded} demo items around Duvall, WA (remove them with npm run demo:remove)`)
}
// Loaded only where it runs: instances started with JOBS=0 never pull in the fetching code.
const job = config.jobs
  ? (await import('./jobs/templates.ts')).startTemplateJob(store.db, { allowPrivate: config.allowPrivateFetch })
  : null
// The feed engine (server/feeds): JOBS=0 or FEEDS=0 keeps it off; a bad feeds.json stops the start with its reason.
const feeds = config.jobs ? (await import('./feeds/start.ts')).startFeeds(store.db, config) : null
// OpenStreetMap businesses (server/feeds/overpass): JOBS=0 or OVERPASS_ENABLED=0 keeps the fetcher off.
const businesses = config.jobs
  ? (await import('./feeds/overpass/start.ts')).startBusinessesFromEnv(store.db, config.allowPrivateFetch)
  : null
// Web Push (server/notify): queued item writes become notifications; JOBS=0 keeps it off unless NOTIFY_JOBS=1.
const notifier =
  config.jobs || process.env['NOTIFY_JOBS'] === '1'
    ? (await import('./notify/start.ts')).startNotifier(store.db, config, createMailer(config.smtpUrl, config.mailFrom))
    : null
// Expired refresh tokens, reset links and old rate-limit windows are dropped hourly.
const prune = setInterval(() => {
  pruneSessions(store.db, new Date().toISOString()).catch((error: unknown) => {
    console.error('api: pruning sessions failed:', error instanceof Error ? error.message : 'unknown error')
  })
}, 3_600_000)
prune.unref()
const app = createApp({
  store,
  config,
  mailer: createMailer(config.smtpUrl, config.mailFrom),
  now: () => new Date(),
  reactionCache: createMicroCache(config.reactionCacheSeconds, 5000),
})

// Checked at start, so a bad value fails now rather than at the first SIGTERM.
const graceMs = graceSeconds(process.env) * 1000
const drain = createDrain(app.fetch)
const server = serve({ fetch: drain.fetch, port: config.port }, ({ port }) => {
  const where = store.kind === 'postgres' ? 'PostgreSQL' : `SQLite in ${config.dataDir}`
  console.log(`api: http://localhost:${port} (${where}); OpenAPI at /api/openapi.json`)
}) as Server
drain.watch(server)

let stopping = false
function stop(): void {
  job?.stop()
  void feeds?.stop()
  businesses?.stop()
  notifier?.stop()
  if (stopping) return
  stopping = true
  console.log(`api: stopping; ${drain.active} request(s) open, waiting up to ${graceMs / 1000} s`)
  void drain.drain(server, graceMs).then(async ({ cut }) => {
    if (cut) console.error(`api: cut ${cut} request(s) still open after ${graceMs / 1000} s`)
    // Exit non-zero when requests were cut, so the supervisor's logs show an unclean stop.
    const code = cut ? 1 : 0
    setTimeout(() => process.exit(code), 2000).unref()
    await store.db.destroy().catch(() => undefined)
    process.exit(code)
  })
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
