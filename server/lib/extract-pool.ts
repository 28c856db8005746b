// Runs template extraction in a worker thread with a hard time limit: an overrun terminates the worker and the next call starts a fresh one.
import { Worker } from 'node:worker_threads'
import type { Template } from '../../src/lib/template.ts'

export type ExtractRequest = { id: number; template: Pick<Template, 'source' | 'select'>; body: string }
export type ExtractReply = { id: number; ok: true; text: string | null } | { id: number; ok: false; error: string }
/**
 * An extraction's outcome: the text (null when nothing matched), an error for fetch_error, or an overrun;
 * `ms` is the time it ran in the worker (not waiting in line), for the job's budget.
 */
type Result = { ok: true; text: string | null } | { ok: false; error: string; overrun: boolean; deferred?: boolean }
export type ExtractOutcome = Result & { ms: number }
/**
 * What a run may still spend on extractions. An extraction starts only when its whole time limit fits in
 * `leftMs()`, checked when its turn comes (extractions run one at a time), so a run never overruns its budget.
 */
export type ExtractBudget = { leftMs(): number }

/** Default hard limit per extraction; a normal page takes a few milliseconds. */
export const EXTRACT_TIMEOUT_MS = 3000
/** How long a new worker may take to load its modules before the call fails. */
const START_TIMEOUT_MS = 15_000

type Task = ExtractRequest & { budget: ExtractBudget | undefined; resolve: (outcome: ExtractOutcome) => void }

export type Extractor = {
  /** With a budget, an extraction whose limit no longer fits is not started: `{ ok: false, deferred: true }`. */
  extract(template: ExtractRequest['template'], body: string, budget?: ExtractBudget): Promise<ExtractOutcome>
  /** The hard limit of each extraction, in milliseconds. */
  readonly timeoutMs: number
  /** Ends the worker (the pool starts a new one if called again). */
  close(): Promise<void>
  /** Workers started so far (tests check that an overrun replaces the worker). */
  readonly started: number
}

/**
 * One worker, one extraction at a time (the rest wait in order); each gets `timeoutMs` once the worker
 * is ready. The worker never keeps the process alive.
 * @example const outcome = await createExtractor().extract({ source: 'html', select: 'h1' }, page)
 */
export function createExtractor({ timeoutMs = EXTRACT_TIMEOUT_MS } = {}): Extractor {
  let worker: Worker | null = null
  let ready: Promise<boolean> | null = null
  let started = 0
  let nextId = 0
  const queue: Task[] = []
  let running = false

  const spawn = (): Promise<boolean> => {
    const current = new Worker(new URL('./extract-worker.ts', import.meta.url))
    current.unref()
    worker = current
    started++
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), START_TIMEOUT_MS)
      const settle = (ok: boolean): void => {
        clearTimeout(timer)
        resolve(ok)
      }
      current.once('message', () => settle(true))
      current.once('error', () => settle(false))
      current.once('exit', () => {
        settle(false)
        if (worker !== current) return
        worker = null
        ready = null
      })
    })
  }

  const stop = async (): Promise<void> => {
    const current = worker
    worker = null
    ready = null
    if (current) await current.terminate()
  }

  const runOne = async (task: Task): Promise<ExtractOutcome> => {
    ready ??= spawn()
    if (!(await ready) || !worker) {
      await stop()
      return { ok: false, error: 'The page reader could not start', overrun: false, ms: 0 }
    }
    // Counted before it starts: its own limit must fit in what the run has left (issue 26: a 10 s budget ran 18 s).
    if (task.budget && task.budget.leftMs() < timeoutMs)
      return { ok: false, error: 'The run’s reading time is spent', overrun: false, deferred: true, ms: 0 }
    const current = worker
    const started = performance.now()
    return new Promise<ExtractOutcome>((resolve) => {
      const finish = (outcome: Result): void => {
        clearTimeout(timer)
        current.off('message', onMessage)
        current.off('exit', onExit)
        resolve({ ...outcome, ms: performance.now() - started })
      }
      const onMessage = (reply: ExtractReply): void => {
        if (reply.id !== task.id) return
        finish(reply.ok ? { ok: true, text: reply.text } : { ok: false, error: reply.error, overrun: false })
      }
      const onExit = (): void => finish({ ok: false, error: 'The page reader stopped unexpectedly', overrun: false })
      // The hard limit: a selector that runs away is stopped by ending its thread, the only way to interrupt it.
      const timer = setTimeout(() => {
        void stop()
        finish({ ok: false, error: `Reading the page took longer than ${timeoutMs / 1000} s`, overrun: true })
      }, timeoutMs)
      current.on('message', onMessage)
      current.on('exit', onExit)
      current.postMessage({ id: task.id, template: task.template, body: task.body } satisfies ExtractRequest)
    })
  }

  const drain = async (): Promise<void> => {
    if (running) return
    running = true
    while (queue.length) {
      const task = queue.shift()!
      task.resolve(await runOne(task))
    }
    running = false
  }

  return {
    extract(template, body, budget) {
      return new Promise<ExtractOutcome>((resolve) => {
        queue.push({ id: ++nextId, template: { source: template.source, select: template.select }, body, budget, resolve })
        void drain()
      })
    },
    close: stop,
    timeoutMs,
    get started() {
      return started
    },
  }
}
