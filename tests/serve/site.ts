// A tiny built site for npm run serve (its rules, a few pages, the 404 pages) and the server started on it.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { toRedirectsFile } from '../../src/lib/routing/host-formats.ts'
import { hostRules } from '../../src/lib/routing/host-rules.ts'
import { securityHeaderBlocks, sourcesFromEnv, toHeadersFile } from '../../src/lib/security-headers.ts'

const PAGES = [
  '404.html',
  'es/404.html',
  'wa/duvall.html',
  'wa/duvall/roads.html',
  'es/wa/duvall.html',
  'reset.html',
  'z/shell/weather.html',
]

/** A dist/-like folder with the real rules and a handful of pages, each page naming itself. */
export function buildSite(): string {
  const root = mkdtempSync(join(tmpdir(), 'porchlight-serve-'))
  writeFileSync(join(root, '_redirects'), toRedirectsFile(hostRules()))
  writeFileSync(join(root, '_headers'), toHeadersFile(securityHeaderBlocks({ ...sourcesFromEnv({}), scriptHashes: [] })))
  for (const page of PAGES) {
    mkdirSync(dirname(join(root, page)), { recursive: true })
    writeFileSync(join(root, page), `<!doctype html><title>${page}</title>`)
  }
  return root
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
    probe.on('error', reject)
  })

export type Served = { port: number; process: ChildProcess; output: () => string; stop: () => Promise<void> }

/** Starts scripts/serve.ts on the folder and waits until it listens. */
export async function startServe(root: string): Promise<Served> {
  const port = await freePort()
  const child = spawn(process.execPath, ['scripts/serve.ts'], {
    env: { ...process.env, SERVE_DIR: root, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${output}`)), 15_000)
    child.stdout.on('data', () => {
      if (!output.includes('Porchlight site')) return
      clearTimeout(timer)
      resolve()
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`serve exited (${code}): ${output}`))
    })
  })
  return {
    port,
    process: child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

export type Answer = { status: number; location: string | undefined }

/** GET with the path sent exactly as given (no normalisation by a URL parser on this side). */
export function get(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', agent: false }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Whether a Location stays on the server's origin, as a browser resolves it. */
export function sameOrigin(location: string): boolean {
  const base = 'http://127.0.0.1:1/'
  return new URL(location, base).origin === new URL(base).origin
}

export type Page = Answer & { body: string; headers: Record<string, string | string[] | undefined> }

/** GET with the path sent exactly as given, with the answer's headers and body. */
export function getPage(port: number, path: string): Promise<Page> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body, headers: res.headers }))
    })
    req.on('error', reject)
    req.end()
  })
}
