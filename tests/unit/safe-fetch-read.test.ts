// safeFetch reads a body whole and exactly, whatever its chunks, declared length and compression, and stops at maxBytes.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { safeFetch } from '../../server/lib/safe-fetch.ts'

const body = Buffer.from(Array.from({ length: 300_000 }, (_, n) => n % 251))
let server: Server
let origin = ''

/** Writes `data` in 7,000-byte chunks, a turn apart. */
async function inChunks(res: import('node:http').ServerResponse, data: Buffer): Promise<void> {
  for (let at = 0; at < data.length; at += 7000) {
    res.write(data.subarray(at, at + 7000))
    await new Promise((done) => setImmediate(done))
  }
  res.end()
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/length') {
      res.writeHead(200, { 'content-length': body.length })
      void inChunks(res, body)
    } else if (req.url === '/short-length') {
      // A length header that undercounts is refused by the HTTP client; a missing one is the common case.
      res.writeHead(200)
      void inChunks(res, body)
    } else if (req.url === '/gzip') {
      const zipped = gzipSync(body)
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': zipped.length })
      res.end(zipped)
    } else {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((done) => server.close(() => done())))

describe('safeFetch reading a body', () => {
  for (const path of ['/length', '/short-length', '/gzip'])
    it(`gives every byte, in order: ${path}`, async () => {
      const result = await safeFetch(`${origin}${path}`, { allowPrivate: true, encoding: 'bytes' })
      expect(result.ok).toBe(true)
      if (!result.ok || !('bytes' in result) || !result.bytes) throw new Error('no bytes')
      expect(result.bytes.byteLength).toBe(body.length)
      expect(Buffer.from(result.bytes).equals(body)).toBe(true)
    })

  it('refuses a body past maxBytes, declared or not, and one decompressing past it', async () => {
    for (const path of ['/length', '/short-length', '/gzip']) {
      const result = await safeFetch(`${origin}${path}`, { allowPrivate: true, encoding: 'bytes', maxBytes: 100_000 })
      expect(result).toMatchObject({ ok: false, error: 'Response larger than 100 kB' })
    }
  })
})
