// Runs an adapter on a feed body in a worker thread (server/feeds/worker.ts), with a time and memory limit.
import { Worker } from 'node:worker_threads'
import type { DecodeContext, PreparedResult } from './types.ts'
import type { DecodeBody, WorkerJob, ZonesJob } from './worker.ts'
import type { ZoneShape } from './zone-shape.ts'

const WORKER = new URL('./worker.ts', import.meta.url)
export const DECODE_TIMEOUT_MS = 60_000
/** Old-space limit of the worker: a body is capped at 100 MB by the configuration, its parse stays well under this. */
const WORKER_HEAP_MB = 1024

/** Runs one job in a fresh worker: resolves with its result, rejects with its error, its time or memory limit. */
function inWorker<T>(job: WorkerJob, timeoutMs: number, label: string, transferList: ArrayBuffer[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: job,
      transferList,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    })
    let settled = false
    const finish = (action: () => void): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      action()
      void worker.terminate()
    }
    const timer = setTimeout(() => finish(() => reject(new Error(`${label} took longer than ${timeoutMs / 1000} s`))), timeoutMs)
    worker.once('message', (reply: { ok: true; result: T } | { ok: false; error: string }) =>
      finish(() => (reply.ok ? resolve(reply.result) : reject(new Error(reply.error)))),
    )
    worker.once('error', (error: Error) => finish(() => reject(new Error(`Decoder failed: ${error.message}`.slice(0, 300)))))
    worker.once('exit', (code) => finish(() => reject(new Error(`Decoder stopped (exit ${code})`))))
  })
}

/**
 * Decodes in a fresh worker (one per run: a feed runs every minute or more, so the ~30 ms start is
 * nothing, and its memory is returned at once). Rejects with the adapter's message when the body is
 * not its format, or when the worker runs out of time or memory. The items come back prepared (shapes
 capped, serialised and hashed: server/feeds/prepare.ts), so the main thread only stores them.
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

/**
 * Parses zone texts (answers or stored rows) in a fresh worker: each URL's capped shape, or null when its
 * text is not a zone geometry.
 */
export function zonesInWorker(texts: ZonesJob['texts'], timeoutMs = DECODE_TIMEOUT_MS): Promise<Map<string, ZoneShape | null>> {
  return inWorker<[string, ZoneShape | null][]>({ kind: 'zones', texts }, timeoutMs, 'Reading zones').then(
    (list) => new Map(list),
  )
}
