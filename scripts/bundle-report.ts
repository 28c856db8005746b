// Lists what a built page's first script carries, by source module (a build made with BUILD_SOURCEMAP=1).
// Usage: node scripts/bundle-report.ts [dist] [page path] [more chunk names…]
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { gzipBytes, kb, pageScripts, staticGraph } from './lib/module-graph.ts'

const [root = '.build/test-dist', page = '/wa/duvall', ...extra] = process.argv.slice(2)
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
const files = staticGraph(root, [...pageScripts(html), ...extra.map((name) => `/_astro/${name}`)])
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
console.log(`${page}: ${files.length} files, ${kb(raw)} raw, ${kb(gzip)} gzip`)
for (const path of files) console.log(`  ${path} ${kb(gzipBytes(root, path).gzip)}`)
console.log('top contributors (gzip share):')
for (const [name, bytes] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`  ${kb(bytes).padStart(9)}  ${name}`)
