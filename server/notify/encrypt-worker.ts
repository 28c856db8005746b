// The encryption thread (server/notify/encrypt-pool.ts): each request is one Web Push message's ECDH agreement and
// AES-GCM encryption (web-push's aes128gcm), done here so the notifier's thread only sends.
import { parentPort } from 'node:worker_threads'
import webpush from 'web-push'
import type { EncryptReply, EncryptRequest } from './encrypt-pool.ts'

parentPort!.on('message', (request: EncryptRequest) => {
  let reply: EncryptReply
  try {
    const details = webpush.generateRequestDetails(
      { endpoint: request.endpoint, keys: { p256dh: request.p256dh, auth: request.auth } },
      request.payload,
      { TTL: request.ttl, urgency: 'high', contentEncoding: 'aes128gcm', headers: request.headers },
    )
    const body = details.body
    reply = { id: request.id, ok: true, headers: details.headers, body: new Uint8Array(body) }
  } catch (error) {
    reply = { id: request.id, ok: false, error: error instanceof Error ? error.message : 'encryption failed' }
  }
  parentPort!.postMessage(reply, reply.ok ? [reply.body.buffer as ArrayBuffer] : [])
})
