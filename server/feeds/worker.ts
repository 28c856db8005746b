// The decode worker thread, kept between runs (server/feeds/decode.ts): for each job posted it parses one feed
// body with its adapter and prepares its items (shapes capped, serialised, hashed), or parses a batch of NWS
// zone shapes, so no 10 MB JSON.parse, no 14 MB polygon and no hashing ever blocks requests.
import { getPriority, setPriority } from 'node:os'
import { getHeapStatistics } from 'node:v8'
import { parentPort } from 'node:worker_threads'
import { bodyText } from '../lib/body-text.ts'
import { prepareAll } from './prepare.ts'
import type { DecodeContext, PreparedResult } from './types.ts'
import { zoneShape, type ZoneShape } from './zone-shape.ts'

/**
 * A body as text, or as the bytes read (moved to the worker, not copied), decoded here: by the charset of
 * their Content-Type, or to base64 for a binary adapter.
 */
export type DecodeBody = string | { bytes: Uint8Array; contentType: string }
export type DecodeJob = { kind?: 'decode'; adapter: string; body: DecodeBody; context: DecodeContext }
/** Zone texts by URL (fetched answers or stored rows); the reply lists each URL's shape, or null. */
export type ZonesJob = { kind: 'zones'; texts: [string, string][] }
/** This thread's nice value (tests and operators check that decoding yields the cores to requests). */
export type PriorityJob = { kind: 'priority' }
export type WorkerJob = DecodeJob | ZonesJob | PriorityJob
/** A job's result or error, and this thread's heap after it (a worker grown past its limit is not kept). */
export type WorkerReply<T> = ({ ok: true; result: T } | { ok: false; error: string }) & { heapMb: number }
export type DecodeReply = WorkerReply<PreparedResult>
export type ZonesReply = WorkerReply<[string, ZoneShape | null][]>

/**
 * The nice value this thread takes, from `FEEDS_DECODE_NICE` (0-19, 0 when unset or not such a number). On Linux
 * the nice value is a thread's own (setpriority with who 0 changes the calling thread only), so the API's request
 * thread keeps its priority. Off by default: at 10, with the machine loaded (load average 20-30), decoding got so
 * little of the CPU that feeds missed their runs, and an alert list must not wait for visitors either.
 * @example decodeNice({ FEEDS_DECODE_NICE: '5' }) // 5
 */
export function decodeNice(env: Record<string, string | undefined>): number {
  const nice = Number(env['FEEDS_DECODE_NICE'] ?? '0')
  return Number.isInteger(nice) && nice >= 0 && nice <= 19 ? nice : 0
}

function bodyOf(body: DecodeBody, binary: boolean): string {
  if (typeof body === 'string') return body
  const { bytes, contentType } = body
  return binary ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') : bodyText(bytes, contentType)
}

// Adapters are loaded at the first decode job, once: a worker that only parses zones never loads them (some
// adapters load large libraries).
async function decode(job: DecodeJob): Promise<PreparedResult> {
  const { adapters, binaryAdapters } = await import('./adapters/index.ts')
  const decode = adapters[job.adapter]
  if (!decode) throw new Error(`Unknown adapter ${job.adapter}`)
  const decoded = decode(bodyOf(job.body, binaryAdapters.has(job.adapter)), job.context)
  const prepared = prepareAll(decoded.items)
  return {
    ...decoded,
    items: prepared.items,
    skipped: decoded.skipped + prepared.skipped,
    errors: [...decoded.errors, ...prepared.errors].slice(0, 5),
  }
}

async function reply(job: WorkerJob): Promise<WorkerReply<unknown>> {
  const heapMb = () => getHeapStatistics().total_heap_size / 2 ** 20
  try {
    if (job.kind === 'priority') return { ok: true, result: getPriority(), heapMb: heapMb() }
    return job.kind === 'zones'
      ? { ok: true, result: job.texts.map(([url, text]) => [url, zoneShape(text)]), heapMb: heapMb() }
      : { ok: true, result: await decode(job), heapMb: heapMb() }
  } catch (error) {
    return { ok: false, error: (error instanceof Error ? error.message : String(error)).slice(0, 300), heapMb: heapMb() }
  }
}

const nice = decodeNice(process.env)
if (parentPort && nice > 0) {
  try {
    setPriority(nice)
  } catch {
    // Not permitted (some containers refuse it): decode at the process's priority.
  }
}

// One job at a time: the main thread posts the next only after this one's reply.
parentPort?.on('message', (job: WorkerJob) => {
  void reply(job).then((answer) => parentPort?.postMessage(answer))
})
