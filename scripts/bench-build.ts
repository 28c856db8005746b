// Benchmarks the static build on a fixed scope: pages, pages per second, page bytes (raw and gzip), peak memory.
import { spawnSync } from 'node:child_process'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { LOCALES } from '../src/lib/routing/routes.ts'

const scope = {
  BUILD_STATES: process.env['BUILD_STATES'] ?? 'wa,or,id,mt',
  BUILD_LOCALES: process.env['BUILD_LOCALES'] ?? LOCALES.join(','),
}
const out = resolve(process.env['BUILD_DIST'] ?? '.build/bench-dist')
const result = spawnSync(process.execPath, ['scripts/build.ts'], {
  stdio: 'inherit',
  env: { ...process.env, ...scope, BUILD_DIST: out },
})
if (result.status !== 0) process.exit(result.status ?? 1)
const build = JSON.parse(readFileSync('.build/last-build.json', 'utf8')) as {
  pages: number
  seconds: number
  jobs: number
  peakBytes: number
}

const pages: string[] = []
const walk = (dir: string): void => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) walk(path)
    else if (name.endsWith('.html')) pages.push(path)
  }
}
walk(out)
let raw = 0
let gzip = 0
let largestGzip = 0
const step = Math.max(1, Math.floor(pages.length / 5000))
const sample = pages.filter((_, i) => i % step === 0)
for (const page of sample) {
  const bytes = readFileSync(page)
  raw += bytes.length
  const zipped = gzipSync(bytes, { level: 6 }).length
  gzip += zipped
  largestGzip = Math.max(largestGzip, zipped)
}
const js = readdirSync(join(out, '_astro')).filter((f) => f.endsWith('.js'))
const jsGzip = js.reduce((sum, f) => sum + gzipSync(readFileSync(join(out, '_astro', f))).length, 0)
const kb = (n: number): string => `${(n / 1024).toFixed(2)} KB`
console.log(`
bench:build  scope ${scope.BUILD_STATES} × ${scope.BUILD_LOCALES}, ${build.jobs} process(es)
  pages built        ${pages.length} (${build.pages} routes)
  wall time          ${build.seconds.toFixed(1)} s
  pages per second   ${Math.round(build.pages / build.seconds)}
  average page       ${kb(raw / sample.length)} raw, ${kb(gzip / sample.length)} gzip (sample of ${sample.length})
  largest page gzip  ${kb(largestGzip)}
  total pages (est.) ${(((raw / sample.length) * pages.length) / 2 ** 20).toFixed(1)} MB raw, ${(((gzip / sample.length) * pages.length) / 2 ** 20).toFixed(1)} MB gzip
  JavaScript         ${js.length} files, ${kb(jsGzip)} gzip in all
  peak memory        ${(build.peakBytes / 2 ** 30).toFixed(2)} GiB`)
