// Web Push encryption off the notifier's thread (issue 39): one message's ECDH and AES-GCM took 0.65 ms of the
// thread's ~1.2 ms per message (the rest is HTTP), so a pool of worker threads, one per core but one, roughly halves
// what each message costs the thread that also answers visitors. NOTIFY_ENCRYPT_WORKERS=0 encrypts inline.
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import webpush from 'web-push'

export type EncryptRequest = {
  id: number
  endpoint: string
  p256dh: string
  auth: string
  payload: string
  ttl: number
  headers: Record<string, string>
}
export type EncryptReply =
  { id: number; ok: true; headers: Record<string, string>; body: Uint8Array } | { id: number; ok: false; error: string }
export type Encrypted = { headers: Record<string, string>; body: Uint8Array }

type Pending = { resolve: (value: Encrypted) => void; reject: (error: Error) => void }
type Thread = { worker: Worker; pending: Map<number, Pending> }

/** Threads for encryption: one per core but one (the notifier's own), at least one; 0 means inline. */
export function encryptWorkers(env: Record<string, string | undefined> = process.env): number {
  const set = Number(env['NOTIFY_ENCRYPT_WORKERS'])
  if (env['NOTIFY_ENCRYPT_WORKERS'] !== undefined && Number.isInteger(set) && set >= 0) return Math.min(set, 16)
  return Math.max(1, availableParallelism() - 1)
}

function inline(request: Omit<EncryptRequest, 'id'>): Encrypted {
  const details = webpush.generateRequestDetails(
    { endpoint: request.endpoint, keys: { p256dh: request.p256dh, auth: request.auth } },
    request.payload,
    { TTL: request.ttl, urgency: 'high', contentEncoding: 'aes128gcm', headers: request.headers },
  )
  return { headers: details.headers, body: details.body }
}

let threads: Thread[] | null = null
let nextId = 0

function start(): Thread {
  const worker = new Worker(new URL('./encrypt-worker.ts', import.meta.url))
  worker.unref()
  const thread: Thread = { worker, pending: new Map() }
  worker.on('message', (reply: EncryptReply) => {
    const waiting = thread.pending.get(reply.id)
    if (!waiting) return
    thread.pending.delete(reply.id)
    if (reply.ok) waiting.resolve({ headers: reply.headers, body: reply.body })
    else waiting.reject(new Error(reply.error))
  })
  // A thread that dies fails what it held (each message is then that subscriber's retry) and is replaced.
  const fail = (error: Error) => {
    for (const waiting of thread.pending.values()) waiting.reject(error)
    thread.pending.clear()
    if (threads) threads = threads.map((entry) => (entry === thread ? start() : entry))
  }
  worker.once('error', fail)
  worker.once('exit', () => fail(new Error('the encryption thread stopped')))
  return thread
}

/** One message encrypted and its request headers, on the least busy thread (inline with no threads). */
export async function encrypt(request: Omit<EncryptRequest, 'id'>, workers = encryptWorkers()): Promise<Encrypted> {
  if (workers === 0) return inline(request)
  threads ??= Array.from({ length: workers }, start)
  const thread = threads.reduce((best, entry) => (entry.pending.size < best.pending.size ? entry : best))
  const id = ++nextId
  return new Promise<Encrypted>((resolve, reject) => {
    thread.pending.set(id, { resolve, reject })
    thread.worker.postMessage({ ...request, id } satisfies EncryptRequest)
  })
}
