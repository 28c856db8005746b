// Runs Porchlight locally: the site on http://localhost:4321 (Astro's dev server) and the API on http://localhost:8787.
// `npm run start:built` (--built) serves a small build instead, with the whole service worker: offline use and
// installing can be tried there (the dev server's worker has Web Push alone).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'

// One variable moves each server (PORT the site, API_PORT the API) and what depends on it follows: the API's
// SITE_URL and ALLOWED_ORIGINS (server/config.ts defaults from PORT), the site's PUBLIC_API_URL.
const sitePort = process.env['PORT'] ?? '4321'
const apiPort = process.env['API_PORT'] ?? '8787'
const env = {
  ...process.env,
  PORT: sitePort,
  API_PORT: apiPort,
  PUBLIC_API_URL: process.env['PUBLIC_API_URL'] ?? `http://localhost:${apiPort}`,
  ASTRO_TELEMETRY_DISABLED: '1',
}
const children: ChildProcess[] = []
function run(name: string, args: string[], extra: Record<string, string> = {}): void {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...env, ...extra } })
  child.on('exit', (code) => {
    console.log(`start: ${name} exited with ${code}`)
    for (const other of children) other.kill()
    process.exit(code ?? 1)
  })
  children.push(child)
}

/** The small build of start:built: the test places (Duvall, Dover, …) in every language, unless BUILD_* say otherwise. */
const BUILT = '.build/start-dist'
if (process.argv.includes('--built')) {
  const build = spawnSync(process.execPath, [resolve('scripts/build.ts')], {
    stdio: 'inherit',
    env: { BUILD_CITIES: 'tests/fixtures/cities.txt', ...env, BUILD_DIST: BUILT },
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
  run('api', [resolve('server/index.ts')])
  run('site', [resolve('scripts/serve.ts')], { SERVE_DIR: BUILT })
} else {
  run('api', [resolve('server/index.ts')])
  run('site', [resolve('node_modules/astro/bin/astro.mjs'), 'dev', '--port', sitePort])
}
console.log(`start: the site on http://localhost:${sitePort}, the API on http://localhost:${apiPort}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => children.forEach((child) => child.kill(signal)))
