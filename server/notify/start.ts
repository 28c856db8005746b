// The notifier in the background: every second (NOTIFY_POLL_MS) it turns queued writes into bursts and sends what
// is due, each in claimed batches so several instances share the work; hourly it forgets what retention allows.
import { hostname } from 'node:os'
import type { Config } from '../config.ts'
import type { Db } from '../db/index.ts'
import { dispatchEvents } from './dispatch.ts'
import { allowsPrivatePush } from './endpoint.ts'
import { vapidKeys } from './keys.ts'
import { pruneNotify } from '../db/queries/notify-prune.ts'
import { apiUrl, sendEmails } from './email.ts'
import type { Mailer } from '../lib/mail.ts'
import { sendDue, type SendOptions } from './send.ts'

type Env = Record<string, string | undefined>

const seconds = (value: string | undefined, fallback: number, max: number): number => {
  const number = Number(value)
  return value !== undefined && value !== '' && Number.isFinite(number) && number >= 0 ? Math.min(number, max) : fallback
}

/** NOTIFY_BURST_SECONDS (30), NOTIFY_EMAIL_BURST_SECONDS (300), NOTIFY_POLL_MS (1000), NOTIFY_RETENTION_DAYS (30), NOTIFY_CONCURRENCY (64). */
export function notifySettings(env: Env = process.env) {
  return {
    burstMs: seconds(env['NOTIFY_BURST_SECONDS'], 30, 3600) * 1000,
    pollMs: Math.max(50, seconds(env['NOTIFY_POLL_MS'], 1000, 60_000)),
    retentionDays: Math.max(1, seconds(env['NOTIFY_RETENTION_DAYS'], 30, 365)),
    concurrency: Math.max(1, seconds(env['NOTIFY_CONCURRENCY'], 64, 1000)),
    emailBurstMs: seconds(env['NOTIFY_EMAIL_BURST_SECONDS'], 300, 86_400) * 1000,
  }
}

/** One full round: every queued write dispatched, every due message sent (batch by batch). */
export async function notifyRound(
  db: Db,
  now: () => Date,
  options: SendOptions & { email?: { mailer: Mailer; apiUrl: string; secret: Uint8Array; burstMs: number } },
): Promise<{ told: number; sent: number }> {
  let told = 0
  let sent = 0
  // Dispatch and send take turns, a batch each: a Warning written while a large fan-out is being sent is matched
  // before the next batch, due at once, and claimed in the urgent lane ahead of what is left of the fan-out.
  let dispatching = true
  let sending = true
  for (let round = 0; round < 2000 && (dispatching || sending); round++) {
    const pass = await dispatchEvents(db, now(), { owner: options.owner, burstMs: options.burstMs })
    told += pass.told
    dispatching = pass.events > 0
    const summary = await sendDue(db, now(), options)
    sent += summary.sent
    sending = summary.sent + summary.failed + summary.gone + summary.held > 0
  }
  const email = options.email
  if (email)
    for (let round = 0; round < 100; round++) {
      const count = await sendEmails(db, email.mailer, now(), { owner: options.owner, siteUrl: options.siteUrl, ...email })
      sent += count
      if (!count) break
    }
  return { told, sent }
}

/** Started by server/index.ts with the other background work (JOBS), or alone with NOTIFY_JOBS=1. */
export function startNotifier(db: Db, config: Config, mailer: Mailer, env: Env = process.env) {
  const settings = notifySettings(env)
  const options: SendOptions = {
    owner: `${hostname()}:${process.pid}`,
    vapid: vapidKeys(config.dataDir, config.siteUrl, env),
    siteUrl: config.siteUrl,
    allowPrivate: allowsPrivatePush(config, env),
    burstMs: settings.burstMs,
    concurrency: settings.concurrency,
  }
  // Email alerts where SMTP is set up, and outside production with the mails printed to the log (so `npm start`
  // can try the whole flow: the confirm link is in the API's output).
  const email = config.emailAlerts
    ? { mailer, apiUrl: apiUrl(config, env), secret: config.jwtSecret, burstMs: settings.emailBurstMs }
    : undefined
  let running = false
  let stopped = false
  const tick = async () => {
    if (running || stopped) return
    running = true
    try {
      await notifyRound(db, () => new Date(), { ...options, ...(email ? { email } : {}) })
    } catch (error) {
      console.error('notify: a round failed:', error instanceof Error ? error.message : 'unknown error')
    } finally {
      running = false
    }
  }
  const timer = setInterval(() => void tick(), settings.pollMs)
  timer.unref()
  const prune = setInterval(() => {
    pruneNotify(db, new Date(), settings.retentionDays).catch((error: unknown) => {
      console.error('notify: pruning failed:', error instanceof Error ? error.message : 'unknown error')
    })
  }, 3_600_000)
  prune.unref()
  return {
    stop() {
      stopped = true
      clearInterval(timer)
      clearInterval(prune)
    },
  }
}
