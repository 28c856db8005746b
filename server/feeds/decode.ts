// Runs an adapter on a feed body in a worker thread (server/feeds/worker.ts), with a time and memory limit.
import { Worker } from 'node:worker_threads'
import type { DecodeContext, DecodeResult } from './types.ts'
import type { DecodeJob, DecodeReply } from './worker.ts'

const WORKER = new URL('./worker.ts', import.meta.url)
export const DECODE_TIMEOUT_MS = 60_000
/** Old-space limit of the worker: a body is capped at 100 MB by the configuration, its parse stays well under this. */
const WORKER_HEAP_MB = 1024

/**
 * Decodes in a fresh worker (one per run: a feed runs every minute or more, so the ~30 ms start is
 * nothing, and its memory is returned at once). Rejects with the adapter's message when the body is
 * not its format, or when the worker runs out of time or memory.
 */
export function decodeInWorker(
  adapter: string,
  body: string,
  context: DecodeContext,
  timeoutMs = DECODE_TIMEOUT_MS,
): Promise<DecodeResult> {
  const job: DecodeJob = { adapter, body, context }
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: job, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } })
    let settled = false
    const finish = (action: () => void): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      action()
      void worker.terminate()
    }
    const timer = setTimeout(() => finish(() => reject(new Error(`Decoding took longer than ${timeoutMs / 1000} s`))), timeoutMs)
    worker.once('message', (reply: DecodeReply) =>
      finish(() => (reply.ok ? resolve(reply.result) : reject(new Error(reply.error)))),
    )
    worker.once('error', (error: Error) => finish(() => reject(new Error(`Decoder failed: ${error.message}`.slice(0, 300)))))
    worker.once('exit', (code) => finish(() => reject(new Error(`Decoder stopped (exit ${code})`))))
  })
}
