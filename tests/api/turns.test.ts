// Requests take turns (server/lib/turns.ts): a cheap request never waits behind a whole batch of costly ones.
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import type { AddressInfo } from 'node:net'
import { connect, type Socket } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { turns, waitingTurns } from '../../server/lib/turns.ts'
import { backends } from './backends.ts'
import { startHarness } from './harness.ts'

/** Sync work that holds the loop, as a reaction answer built from stored rows does (a count, not a time). */
function hold(): number {
  let sum = 0
  for (let index = 0; index < 2_000_000; index++) sum += index % 7
  return sum
}

describe('requests take turns', () => {
  let server: ServerType | undefined
  afterAll(() => server?.close())

  it('answers a request read in the same poll as eight costly ones before any of them starts its work', async () => {
    let started = 0
    let startedBeforeCheap = -1
    const app = new Hono()
      .get('/cheap', (c) => {
        startedBeforeCheap = started
        return c.text('ok')
      })
      .use('*', turns)
      .get('/costly', (c) => {
        started++
        return c.text(String(hold()))
      })
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((done) => server!.once('listening', done))
    const { port } = server.address() as AddressInfo
    // Nine kept-alive connections, each accepted and answered once before the batch, so all nine requests are in
    // the kernel's buffers when the server next polls: one poll reads them all.
    const sockets: Socket[] = await Promise.all(
      Array.from(
        { length: 9 },
        () =>
          new Promise<Socket>((done) => {
            const socket = connect(port, '127.0.0.1', () => done(socket))
          }),
      ),
    )
    const answer = (socket: Socket, path: string) =>
      new Promise<string>((done) => {
        socket.once('data', (chunk) => done(chunk.toString()))
        socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`)
      })
    await Promise.all(sockets.map((socket) => answer(socket, '/cheap')))
    const costly = sockets.slice(0, 8).map((socket) => answer(socket, '/costly'))
    const cheap = answer(sockets[8]!, '/cheap')
    await Promise.all([cheap, ...costly])
    expect(startedBeforeCheap).toBe(0)
    for (const socket of sockets) socket.destroy()
  })

  it('in the API, /api/health answers while reaction requests still wait for their turns', async () => {
    const harness = await startHarness((await backends())[0]!)
    try {
      let reactionsDone = 0
      const reactions = Array.from({ length: 4 }, () =>
        Promise.resolve(harness.app.request('/api/reaction?lat=47.74&lon=-121.98')).then((response: Response) => {
          reactionsDone++
          return response.status
        }),
      )
      const health = await harness.app.request('/api/health')
      expect(health.status).toBe(200)
      expect(reactionsDone).toBe(0)
      expect(waitingTurns()).toBe(4)
      expect(await Promise.all(reactions)).toEqual([200, 200, 200, 200])
      expect(waitingTurns()).toBe(0)
    } finally {
      await harness.close()
    }
  })
})
