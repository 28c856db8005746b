// Runs an adapter on a feed body in a kept worker thread (server/feeds/worker.ts), with a time and memory limit.
import { Worker } from 'node:worker_threads'
import type { DecodeContext, PreparedResult } from './types.ts'
import type { DecodeBody, WorkerJob, WorkerReply, ZonesJob } from './worker.ts'
import type { ZoneShape } from './zone-shape.ts'

const WORKER = new URL('./worker.ts', import.meta.url)
export const DECODE_TIMEOUT_MS = 60_000
/** Old-space limit of a worker: a body is capped at 100 MB by the configuration, its parse stays well under this. */
const WORKER_HEAP_MB = 1024
/** A kept worker whose heap is larger than this after a job is ended, so one huge body does not keep its memory. */
const RETIRE_HEAP_MB = 256

/**
 * How many workers are kept between runs: `FEEDS_DECODE_WORKERS` (1–8), 1 when unset or not such a number.
 * @example decodeWorkerCount({ FEEDS_DECODE_WORKERS: '2' }) // 2
 */
export function decodeWorkerCount(env: Record<string, string | undefined>): number {
  const count = Number(env['FEEDS_DECODE_WORKERS'] ?? '1')
  return Number.isInteger(count) && count >= 1 && count <= 8 ? count : 1
}

const KEPT = decodeWorkerCount(process.env)
type Slot = { worker: Worker; busy: boolean }
const kept: Slot[] = []

function startWorker(): Worker {
  const worker = new Worker(WORKER, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } })
  // An error outside a job (between jobs, or after a time limit) would otherwise be thrown on this thread; the
  // exit that follows removes the worker.
  worker.on('error', () => undefined)
  return worker
}

/** A new kept worker: idle, it never keeps the process alive; once it ends (crash, limit, retired) it leaves the pool. */
function keepWorker(): Slot {
  const slot: Slot = { worker: startWorker(), busy: false }
  slot.worker.unref()
  slot.worker.once('exit', () => {
    const at = kept.indexOf(slot)
    if (at >= 0) kept.splice(at, 1)
  })
  kept.push(slot)
  return slot
}

/** The threads kept between runs (tests check that runs share one and that a killed one is replaced). */
export const keptDecodeWorkers = (): number[] => kept.map((slot) => slot.worker.threadId)

/**
 * Runs one job in an idle kept worker, or a new one when fewer than FEEDS_DECODE_WORKERS are kept; when all
 * are busy (two engines in one process), in a worker of its own that ends with the job. Resolves with its
 * result, rejects with its error, its time or memory limit; a worker that failed, ran out of time or memory,
 * or whose heap grew past RETIRE_HEAP_MB is terminated, and the next job starts a fresh one.
 */
function inWorker<T>(job: WorkerJob, timeoutMs: number, label: string, transferList: ArrayBuffer[] = []): Promise<T> {
  const slot = kept.find((candidate) => !candidate.busy) ?? (kept.length < KEPT ? keepWorker() : null)
  const worker = slot?.worker ?? startWorker()
  if (slot) {
    slot.busy = true
    worker.ref()
  }
  return new Promise((resolve, reject) => {
    let settled = false
    const finish = (action: () => void, reusable: boolean): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      worker.off('message', onMessage)
      worker.off('error', onError)
      worker.off('exit', onExit)
      action()
      if (slot && reusable) {
        slot.busy = false
        worker.unref()
        return
      }
      const at = slot ? kept.indexOf(slot) : -1
      if (at >= 0) kept.splice(at, 1)
      void worker.terminate()
    }
    const onMessage = (reply: WorkerReply<T>): void =>
      finish(() => (reply.ok ? resolve(reply.result) : reject(new Error(reply.error))), reply.heapMb <= RETIRE_HEAP_MB)
    const onError = (error: Error): void =>
      finish(() => reject(new Error(`Decoder failed: ${error.message}`.slice(0, 300))), false)
    const onExit = (code: number): void => finish(() => reject(new Error(`Decoder stopped (exit ${code})`)), false)
    const timer = setTimeout(
      () => finish(() => reject(new Error(`${label} took longer than ${timeoutMs / 1000} s`)), false),
      timeoutMs,
    )
    worker.on('message', onMessage)
    worker.on('error', onError)
    worker.on('exit', onExit)
    try {
      worker.postMessage(job, transferList)
    } catch (error) {
      finish(() => reject(error instanceof Error ? error : new Error(String(error))), true)
    }
  })
}

/**
 * Decodes in a kept worker (server/feeds/worker.ts): starting a worker and loading every adapter cost ~0.6 CPU s,
 * paid once rather than every run. Rejects with the adapter's message when the body is not its format, or when
 * the worker runs out of time or memory (that worker is ended and replaced). The items come back prepared
 * (shapes capped, serialised and hashed: server/feeds/prepare.ts), so the main thread only stores them.
 */
export function decodeInWorker(
  adapter: string,
  body: DecodeBody,
  context: DecodeContext,
  timeoutMs = DECODE_TIMEOUT_MS,
): Promise<PreparedResult> {
  // Bytes are moved, not copied (a 25 MB alert list copied into the worker held requests for 50 ms): the
  // caller's array is empty afterwards.
  const transfer = typeof body === 'string' ? [] : [body.bytes.buffer as ArrayBuffer]
  return inWorker<PreparedResult>({ adapter, body, context }, timeoutMs, 'Decoding', transfer)
}

/** The nice value of a kept decode worker's thread (FEEDS_DECODE_NICE, server/feeds/worker.ts). */
export const decodeThreadNice = (): Promise<number> => inWorker<number>({ kind: 'priority' }, DECODE_TIMEOUT_MS, 'Priority')

/**
 * Parses zone texts (answers or stored rows) in a kept worker: each URL's capped shape, or null when its
 * text is not a zone geometry.
 */
export function zonesInWorker(texts: ZonesJob['texts'], timeoutMs = DECODE_TIMEOUT_MS): Promise<Map<string, ZoneShape | null>> {
  return inWorker<[string, ZoneShape | null][]>({ kind: 'zones', texts }, timeoutMs, 'Reading zones').then(
    (list) => new Map(list),
  )
}
