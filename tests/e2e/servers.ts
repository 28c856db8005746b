// Starts the end-to-end servers side by side (playwright.config.ts lists them in E2E_SERVERS), then answers
// GET /ready on E2E_READY_PORT once every one answers its own URL. Playwright starts its `webServer` entries one after
// another, each waiting for the last; here a server waits only for the one it names in `after`.
// Playwright ends this process's whole group at teardown, and with it every server started here.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

export type E2EServer = {
  name: string
  command: string
  /** Answers (2xx or 3xx) once the server is up; it must not answer before this script starts it. */
  url: string
  env?: Record<string, string>
  /** The name of a server that must be up first (the fake that an API fetches from at start). */
  after?: string
}

const servers = JSON.parse(process.env['E2E_SERVERS'] ?? '[]') as E2EServer[]
const port = Number(process.env['E2E_READY_PORT'] ?? 8797)
const { E2E_SERVERS: _list, E2E_READY_PORT: _port, ...inherited } = process.env
const started = performance.now()

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2000) })
    return response.status >= 200 && response.status < 400
  } catch {
    return false
  }
}

/** Stderr of a server, line by line with its name (stdout is not shown, as with Playwright's default). */
function forward(name: string, chunk: Buffer): void {
  for (const line of chunk.toString().split('\n')) if (line) process.stderr.write(`${name}: ${line}\n`)
}

/**
 * Says why and exits; once servers are started, by ending this process group, as Playwright does at
 * teardown (it starts this script in a group of its own), so that no server is left holding its port.
 */
function fail(message: string, started = true): never {
  process.stderr.write(`servers: ${message}\n`)
  if (started) process.kill(0, 'SIGKILL')
  process.exit(1)
}

const busy = (await Promise.all(servers.map(async (s) => ((await answers(s.url)) ? s.url : null)))).filter(Boolean)
if (busy.length) fail(`already in use, stop what runs there first: ${busy.join(', ')}`, false)
for (const s of servers)
  if (s.after && !servers.some((other) => other.name === s.after)) fail(`${s.name} waits for ${s.after}, not in the list`, false)

const ready = new Map<string, Promise<void>>()
function start(server: E2EServer): Promise<void> {
  const known = ready.get(server.name)
  if (known) return known
  const before = server.after ? servers.find((s) => s.name === server.after) : undefined
  const up = (before ? start(before) : Promise.resolve()).then(async () => {
    const child = spawn(server.command, {
      shell: true,
      env: { ...inherited, ...server.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    child.stderr.on('data', (chunk: Buffer) => forward(server.name, chunk))
    let exited = false
    child.on('exit', (code) => {
      exited = true
      process.stderr.write(`servers: ${server.name} exited with ${code}\n`)
    })
    while (!(await answers(server.url))) {
      if (exited) fail(`${server.name} exited before ${server.url} answered`)
      await new Promise((done) => setTimeout(done, 100))
    }
    // Which server bounds the start (docs/testing.md): each one's time since this script began.
    process.stderr.write(`servers: ${server.name} up at ${((performance.now() - started) / 1000).toFixed(1)} s\n`)
  })
  ready.set(server.name, up)
  return up
}

/** The parent of this process's parent (Playwright, through the shell it starts this with), or null off Linux. */
function grandparent(): number | null {
  try {
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return null
  }
}

// Playwright ends this group at teardown; killed without one (a timeout's signal), it left the servers holding their
// ports, and every later run failed on them until someone ended them. Once Playwright is gone, so are they.
const starter = grandparent()
if (starter !== null)
  setInterval(() => {
    if (grandparent() !== starter) fail('Playwright is gone: ending the servers')
  }, 2000).unref()

await Promise.all(servers.map(start))
const seconds = ((performance.now() - started) / 1000).toFixed(1)
process.stderr.write(`servers: ${servers.length} up in ${seconds} s\n`)
createServer((request, response) => {
  response.writeHead(request.url === '/ready' ? 200 : 404).end()
}).listen(port, '127.0.0.1')
