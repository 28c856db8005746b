// Runs Porchlight locally: the site on http://localhost:4321 (Astro's dev server) and the API on http://localhost:8787.
import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'

const children: ChildProcess[] = []
function run(name: string, args: string[]): void {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } })
  child.on('exit', (code) => {
    console.log(`start: ${name} exited with ${code}`)
    for (const other of children) other.kill()
    process.exit(code ?? 1)
  })
  children.push(child)
}

run('api', [resolve('server/index.ts')])
run('site', [resolve('node_modules/astro/bin/astro.mjs'), 'dev', '--port', process.env['PORT'] ?? '4321'])
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => children.forEach((child) => child.kill(signal)))
