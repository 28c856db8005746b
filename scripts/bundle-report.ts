// Lists what a built page's JavaScript carries, by file and by source module (a build made with BUILD_SOURCEMAP=1).
// Usage: npx node scripts/bundle-report.ts [--loaded] [dist] [page path] [more chunk names…]
//   default: the first script and its static imports, read from the HTML;
//   --loaded: every script the page loads before any interaction, in Chromium (as npm run test:size counts).
// TOP=n lists n source modules (default 25).
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { gzipBytes, kb, pageScripts, staticGraph } from './lib/module-graph.ts'
import { withSite } from './lib/page-load.ts'

const args = process.argv.slice(2)
const loadedMode = args.includes('--loaded')
const [root = '.build/test-dist', page = '/wa/duvall', ...extra] = args.filter((arg) => arg !== '--loaded')
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Decodes one source-map segment's VLQ fields. */
function vlq(segment: string): number[] {
  const values: number[] = []
  let [value, shift] = [0, 0]
  for (const char of segment) {
    const digit = B64.indexOf(char)
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      values.push(value & 1 ? -(value >> 1) : value >> 1)
      ;[value, shift] = [0, 0]
    }
  }
  return values
}

/** Bytes of generated code per original source, from the chunk's source map. */
function bytesBySource(file: string): Map<string, number> {
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[]; mappings: string }
  const lines = readFileSync(file, 'utf8').split('\n')
  const result = new Map<string, number>()
  let source = 0
  map.mappings.split(';').forEach((line, index) => {
    const length = lines[index]?.length ?? 0
    let column = 0
    const segments = line ? line.split(',').map(vlq) : []
    segments.forEach((fields, i) => {
      column += fields[0] ?? 0
      if (fields.length > 1) source += fields[1] ?? 0
      const end = i + 1 < segments.length ? column + (segments[i + 1]?.[0] ?? 0) : length
      const name = map.sources[source] ?? '?'
      result.set(name, (result.get(name) ?? 0) + Math.max(0, end - column))
    })
  })
  return result
}

const html = readFileSync(resolve(root, `.${page === '/' ? '/index' : page}.html`), 'utf8')
const files = loadedMode
  ? await withSite(root, Number(process.env['REPORT_PORT'] ?? 4336), (site) => site.scriptsBeforeInteraction(page))
  : staticGraph(root, [...pageScripts(html), ...extra.map((name) => `/_astro/${name}`)])
const totals = new Map<string, number>()
let [raw, gzip] = [0, 0]
for (const path of files) {
  const size = gzipBytes(root, path)
  raw += size.raw
  gzip += size.gzip
  const file = resolve(root, `.${path}`)
  if (!existsSync(`${file}.map`)) continue
  // Each source's share of the chunk's gzip size, in proportion to its raw bytes.
  for (const [source, bytes] of bytesBySource(file)) {
    const name = source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'npm:')
    totals.set(name, (totals.get(name) ?? 0) + (bytes * size.gzip) / size.raw)
  }
}
console.log(`${page}${loadedMode ? ' (before interaction)' : ''}: ${files.length} files, ${kb(raw)} raw, ${kb(gzip)} gzip`)
const bySize = files.map((path) => ({ path, gzip: gzipBytes(root, path).gzip })).sort((a, b) => b.gzip - a.gzip)
for (const file of bySize) console.log(`  ${kb(file.gzip).padStart(9)}  ${file.path}`)
console.log('top contributors (gzip share):')
for (const [name, bytes] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env['TOP'] ?? 25)))
  console.log(`  ${kb(bytes).padStart(9)}  ${name}`)
