// The decode worker thread: parses one feed body with its adapter, so a 10 MB JSON.parse never blocks requests.
import { parentPort, workerData } from 'node:worker_threads'
import { adapters } from './adapters/index.ts'
import type { DecodeContext } from './types.ts'

export type DecodeJob = { adapter: string; body: string; context: DecodeContext }
export type DecodeReply = { ok: true; result: import('./types.ts').DecodeResult } | { ok: false; error: string }

const job = workerData as DecodeJob
let reply: DecodeReply
try {
  const decode = adapters[job.adapter]
  if (!decode) throw new Error(`Unknown adapter ${job.adapter}`)
  reply = { ok: true, result: decode(job.body, job.context) }
} catch (error) {
  reply = { ok: false, error: (error instanceof Error ? error.message : String(error)).slice(0, 300) }
}
parentPort?.postMessage(reply)
