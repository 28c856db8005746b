// SIGTERM on the real server process: open requests finish within SHUTDOWN_GRACE_SECONDS, new ones get 503, cutting exits non-zero.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// A fake model for POST /api/assistant that answers after `delayMs`: an API request that stays open as long as we like.
let model: Server
let modelUrl: string
let delayMs = 0

beforeAll(async () => {
  model = createServer((req, res) => {
    req.resume()
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ choices: [{ message: { content: 'It is open.' } }] }))
    }, delayMs)
  })
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve))
  modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`
})

afterAll(() => {
  model.closeAllConnections()
  model.close()
})

type Api = { port: number; child: ChildProcess; exited: Promise<number | null>; output: () => string }

async function startApi(graceSeconds: number): Promise<Api> {
  const probe = createServer().listen(0, '127.0.0.1')
  await new Promise((resolve) => probe.once('listening', resolve))
  const port = (probe.address() as AddressInfo).port
  await new Promise((resolve) => probe.close(resolve))
  const child = spawn(process.execPath, ['server/index.ts'], {
    env: {
      ...process.env,
      API_PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'porchlight-stop-')),
      DATABASE_URL: '',
      JWT_SECRET: 'shutdown-test-secret-that-is-long-enough',
      DEMO_DATA: '0',
      JOBS: '0',
      ASSISTANT_API_URL: modelUrl,
      ASSISTANT_API_KEY: 'test',
      SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const deadline = Date.now() + 20_000
  while (!output.includes('api: http://')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the API did not start: ${output}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { port, child, exited, output: () => output }
}

type Answer = { status: number; connection: string | undefined } | { error: string }

function send(port: number, method: string, path: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, agent: false, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }))
        res.on('error', (error) => resolve({ error: error.message }))
      },
    )
    req.on('error', (error) => resolve({ error: error.message }))
    req.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

const question = { question: 'Is it open?', language: 'en', summary: 'Duvall' }
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('stopping the API', () => {
  it('finishes an open request, answers 503 with Connection: close meanwhile, and exits 0', async () => {
    delayMs = 1500
    const api = await startApi(10)
    const open = send(api.port, 'POST', '/api/assistant', question)
    await wait(300)
    api.child.kill('SIGTERM')
    await wait(200)
    expect(await send(api.port, 'GET', '/api/health')).toEqual({ status: 503, connection: 'close' })
    expect(await open).toMatchObject({ status: 200 })
    expect(await api.exited).toBe(0)
  })

  it('cuts what is still open after the grace time and exits non-zero', async () => {
    delayMs = 8000
    const api = await startApi(1)
    const open = send(api.port, 'POST', '/api/assistant', question)
    await wait(300)
    const stoppedAt = Date.now()
    api.child.kill('SIGTERM')
    expect(await api.exited).toBe(1)
    expect(Date.now() - stoppedAt).toBeLessThan(5000)
    expect(await open).toHaveProperty('error')
    expect(api.output()).toContain('cut 1 request(s) still open after 1 s')
  })
})
