// The background job behind self-updating statuses: reads each due item's page through its template.
import {
  DEFAULT_EVERY_MINUTES,
  DEFAULT_STALE_AFTER_MINUTES,
  applyTemplate,
  parseTemplate,
  type Template,
  type TemplateResult,
} from '../../src/lib/template.ts'
import type { Db } from '../db/index.ts'
import { getItem, updateItem } from '../db/queries/items.ts'
import { dueTemplateItems, moveNextFetch, restoreNextFetch, type DueTemplateItem } from '../db/queries/template-items.ts'
import type { ItemUpdate } from '../db/schema.ts'
import { createExtractor, type Extractor } from '../lib/extract-pool.ts'
import { safeFetch, type SafeFetchOptions } from '../lib/safe-fetch.ts'

export type TemplateJobOptions = {
  /** Lets templates read private and loopback addresses (tests only). */
  allowPrivate: boolean
  /** The clock, so tests can move time. */
  now?: () => Date
  /** Items per run (default 25). */
  limit?: number
  fetchImpl?: SafeFetchOptions['fetchImpl']
  /** Per-fetch time limit (default 10 s). */
  timeoutMs?: number
  /** The worker that reads pages; one per run when not given (startTemplateJob keeps one for all runs). */
  extractor?: Extractor
  /** Total extraction time a run may spend (default 10 s); items left over wait for the next run. */
  extractBudgetMs?: number
}

/** `deferred`: due items left for the next run because this run spent its extraction budget. */
export type TemplateJobSummary = { checked: number; changed: number; failed: number; deferred: number }

export const JOB_LIMIT = 25
export const JOB_CONCURRENCY = 4
export const JOB_INTERVAL_MS = 60_000
/** Extraction time one run may spend in all (about a sixth of a core at one run a minute). */
export const JOB_EXTRACT_BUDGET_MS = 10_000
/** After an overrun the template waits this long (hours) before the next try; the last overrun pauses it. */
export const OVERRUN_BACKOFF_HOURS = [6, 24] as const
export const MAX_OVERRUNS = OVERRUN_BACKOFF_HOURS.length + 1
/** next_fetch_at of a paused template: never due until an edit of the template sets it to now. */
export const PAUSED_UNTIL = '9999-12-31T00:00:00.000Z'
const FIRST_TICK_MS = 1000
const ERROR_MAX_CHARS = 300

type DueItem = DueTemplateItem
type Run = { options: TemplateJobOptions; extractor: Extractor; spentMs: number; budgetMs: number }
type Outcome = 'skipped' | 'locked' | 'unchanged' | 'changed' | 'failed' | 'deferred'

const minutesAfter = (time: Date, minutes: number): string => new Date(time.getTime() + minutes * 60_000).toISOString()

const lockedAt = (lockUntil: string | null, now: Date): boolean => lockUntil !== null && Date.parse(lockUntil) > now.getTime()

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/**
 * Moves an item's next_fetch_at from the value this run read to `next`; false when another run (or
 * another server behind the load balancer) moved it first, so each due item is fetched once.
 */
async function claim(db: Db, item: DueItem, next: string): Promise<boolean> {
  // A plain UPDATE rather than updateItem: next_fetch_at is not part of the stored public view.
  return moveNextFetch(db, item.id, item.next_fetch_at, next)
}

/** Gives a claimed item back (next_fetch_at as this run read it), so the next run takes it first. */
async function unclaim(db: Db, item: DueItem, claimed: string): Promise<void> {
  await restoreNextFetch(db, item.id, item.next_fetch_at, claimed)
}

/** Records a failed read: the last result stays, and shows as old once the last good read is stale. */
async function fail(db: Db, item: DueItem, now: Date, error: string, staleAfterMinutes: number): Promise<Outcome> {
  const stale = !item.retrieved || now.getTime() - Date.parse(item.retrieved) > staleAfterMinutes * 60_000
  await updateItem(db, item.id, { fetch_error: error.slice(0, ERROR_MAX_CHARS), ...(stale ? { is_old: 1 } : {}) })
  return 'failed'
}

/** How many overruns in a row the item's last error records (0 when it was something else). */
const overrunsBefore = (error: string | null): number => Number(/\(overrun (\d+) of \d+\)/.exec(error ?? '')?.[1] ?? 0)

/**
 * Records an extraction that ran past its time limit. It is not retried every few minutes: the next try
 * waits 6 hours, then 24, and the third overrun in a row pauses the template until staff edit it.
 */
async function overrun(db: Db, item: DueItem, now: Date, error: string): Promise<Outcome> {
  const count = overrunsBefore(item.fetch_error) + 1
  const hours = OVERRUN_BACKOFF_HOURS[count - 1]
  const next = hours === undefined ? PAUSED_UNTIL : minutesAfter(now, hours * 60)
  const then = hours === undefined ? 'reading is paused until the template is edited' : `next try in ${hours} hours`
  const message = `${error} (overrun ${count} of ${MAX_OVERRUNS}): simplify the selector; ${then}`
  await updateItem(db, item.id, { fetch_error: message, next_fetch_at: next, is_old: 1 })
  return 'failed'
}

/** Fetches, extracts (in the worker) and applies; the error message when any step fails. */
async function read(
  template: Template,
  link: string | null,
  run: Run,
): Promise<{ result: TemplateResult } | { error: string; overrun?: boolean } | { deferred: true }> {
  const url = template.url ?? link
  if (!url) return { error: 'No address to read: set the item link or the template url' }
  const { options } = run
  const page = await safeFetch(url, {
    allowPrivate: options.allowPrivate,
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  })
  if (!page.ok) return { error: page.error }
  const extracted = await run.extractor.extract(template, page.text, { leftMs: () => run.budgetMs - run.spentMs })
  run.spentMs += extracted.ms
  if (!extracted.ok && extracted.deferred) return { deferred: true }
  if (!extracted.ok) return { error: extracted.error, overrun: extracted.overrun }
  const text = extracted.text
  if (text === null) return { error: template.source === 'json' ? 'The path found nothing' : 'The selector found nothing' }
  return { result: applyTemplate(template, text) }
}

async function processItem(db: Db, item: DueItem, now: Date, run: Run): Promise<Outcome> {
  // Staff's locked result stands; look again when the lock passes.
  if (lockedAt(item.lock_result_until, now)) {
    await claim(db, item, new Date(item.lock_result_until!).toISOString())
    return 'locked'
  }
  const parsed = parseTemplate(item.data_template ?? '')
  const everyMinutes = parsed.ok ? parsed.template.everyMinutes : DEFAULT_EVERY_MINUTES
  const next = minutesAfter(now, everyMinutes)
  if (!(await claim(db, item, next))) return 'skipped'
  if (!parsed.ok) return fail(db, item, now, parsed.error, DEFAULT_STALE_AFTER_MINUTES)
  const template = parsed.template
  const outcome = await read(template, item.link, run)
  if ('deferred' in outcome) {
    await unclaim(db, item, next)
    return 'deferred'
  }
  if ('error' in outcome && outcome.overrun) return overrun(db, item, now, outcome.error)
  if ('error' in outcome) return fail(db, item, now, outcome.error, template.staleAfterMinutes)

  // Read again: staff may have locked (or deleted) the item while the page loaded.
  const current = await getItem(db, item.id)
  if (!current || lockedAt(current.lock_result_until, now)) return 'locked'
  const { state, priority } = outcome.result
  const lines = JSON.stringify(outcome.result.lines)
  const changed = state !== current.state || lines !== current.lines || (priority !== null && priority !== current.priority)
  const changes: ItemUpdate = { state, status: state, lines, retrieved: now.toISOString(), fetch_error: null, is_old: 0 }
  if (priority !== null) changes.priority = priority
  if (changed) changes.value_changed = now.toISOString()
  await updateItem(db, item.id, changes)
  return changed ? 'changed' : 'unchanged'
}

/** Runs `work` over the items, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/**
 * One pass: reads up to 25 due items (4 at a time), records their results, and schedules their next read.
 * Locked items are not read; they are looked at again when the lock passes. Pages are read in a worker
 * thread with a time limit, and once the run has spent its extraction budget the rest wait for the next run.
 * @example const { checked, changed, failed } = await runTemplateJob(db, { allowPrivate: false })
 */
export async function runTemplateJob(db: Db, options: TemplateJobOptions): Promise<TemplateJobSummary> {
  const now = options.now?.() ?? new Date()
  const due = await dueTemplateItems(db, now, options.limit ?? JOB_LIMIT)
  const summary: TemplateJobSummary = { checked: 0, changed: 0, failed: 0, deferred: 0 }
  const budgetMs = options.extractBudgetMs ?? JOB_EXTRACT_BUDGET_MS
  const run: Run = { options, extractor: options.extractor ?? createExtractor(), spentMs: 0, budgetMs }
  await eachLimited(due, JOB_CONCURRENCY, async (item) => {
    // Not claimed, so still due: the next run takes it first. (An extraction is also refused when its own
    // limit no longer fits in the budget: extract-pool.ts counts it before it starts.)
    if (run.budgetMs - run.spentMs < run.extractor.timeoutMs) return void summary.deferred++
    let outcome: Outcome
    try {
      outcome = await processItem(db, item, now, run)
    } catch (error) {
      // A database hiccup on one item must not stop the others. Only the id and message: no URLs, which may hold tokens.
      console.error(`Template job: item ${item.id} failed: ${messageOf(error)}`)
      outcome = 'failed'
    }
    if (outcome === 'skipped' || outcome === 'locked') return
    if (outcome === 'deferred') return void summary.deferred++
    summary.checked++
    if (outcome === 'changed') summary.changed++
    if (outcome === 'failed') summary.failed++
  })
  if (!options.extractor) await run.extractor.close()
  return summary
}

/**
 * Runs the job every minute (first soon after start) until stopped. A run never overlaps the one
 * before, errors are logged and never end the process, and the timer does not keep Node alive.
 * @example const job = startTemplateJob(db, { allowPrivate: false }); process.on('SIGTERM', () => job.stop())
 */
export function startTemplateJob(db: Db, options: TemplateJobOptions & { intervalMs?: number }): { stop(): void } {
  const intervalMs = options.intervalMs ?? JOB_INTERVAL_MS
  // One worker for every run: starting one takes a few hundred milliseconds.
  const runOptions = { ...options, extractor: options.extractor ?? createExtractor() }
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const schedule = (delay: number): void => {
    timer = setTimeout(() => void tick(), delay)
    timer.unref()
  }
  const tick = async (): Promise<void> => {
    try {
      await runTemplateJob(db, runOptions)
    } catch (error) {
      console.error(`Template job: run failed: ${messageOf(error)}`)
    }
    // The next run is scheduled only after this one ends, so runs never overlap.
    if (!stopped) schedule(intervalMs)
  }
  schedule(Math.min(FIRST_TICK_MS, intervalMs))
  return {
    stop() {
      stopped = true
      clearTimeout(timer)
      if (!options.extractor) void runOptions.extractor.close()
    },
  }
}
