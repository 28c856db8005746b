// Builds the static site: one Astro process per core for large scopes, merged into one dist/.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { ensureNearIndex } from '../src/integrations/near-index.ts'
import { CITIES_FILE, citiesFile, readScope } from '../src/lib/routing/build-scope.ts'
import { parseCities } from '../src/lib/cities.ts'
import { buildNearIndex } from '../src/lib/near-index.ts'
import { sitePages, type CityMode } from '../src/lib/routing/page-list.ts'
import { fillCityPages } from './lib/fill-pages.ts'
import { watchMemory } from './lib/memory.ts'
import { progressLine } from './lib/progress.ts'
import { writeHostFiles } from '../src/integrations/host-rules.ts'
import { writeServiceWorker } from './lib/service-worker.ts'
import { writeWidgetScript } from './lib/widget-script.ts'

/** @astrojs/sitemap's URLs a file and its file's start, for the joined sitemaps. */
const SITEMAP_LIMIT = 45_000
const URLSET =
  '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">'
/** Below this many pages a second process costs more (bundling twice) than it saves. */
const PARALLEL_MIN_PAGES = 20_000

const dist = resolve(process.env['BUILD_DIST'] ?? 'dist')
const work = resolve('.build', `shards-${process.pid}`)
const scope = readScope(process.env)
const cities = citiesFile(process.env)
const citiesText = readFileSync(cities, 'utf8')
const pages = sitePages(citiesText, scope).length
/**
 * City pages: by default Astro renders one shell per language and section and a check sample, and
 * this script fills in every city (scripts/lib/fill-pages.ts); BUILD_CITY_PAGES=all has Astro render them all.
 */
const cityMode: CityMode = process.env['BUILD_CITY_PAGES'] === 'all' ? 'all' : 'shells'
const astroPages = cityMode === 'all' ? pages : sitePages(citiesText, scope, 'shells').length
const jobs = Math.max(1, Number(process.env['BUILD_JOBS']) || (astroPages >= PARALLEL_MIN_PAGES ? availableParallelism() : 1))
const astro = resolve('node_modules/astro/bin/astro.mjs')
/** Astro's entry for each page it wrote (`  ├─ /wa/duvall.html (+3ms)`): counted for the progress line, not printed. */
const PAGE_ENTRY = /[├└]─ \/\S*?\.html/g
// eslint-disable-next-line no-control-regex -- Astro's log may carry terminal colours
const COLOURS = /\x1b\[[0-9;]*m/g
let pagesDone = 0
/** When the first page was written: the rate counts from there (bundling comes first). */
let firstPage = 0

function runAstro(index: number): Promise<void> {
  const env = {
    ...process.env,
    BUILD_SHARD: `${index}/${jobs}`,
    BUILD_CITY_PAGES: cityMode,
    BUILD_OUT_DIR: jobs === 1 ? dist : join(work, String(index)),
    // One sitemap index is joined here from every process's and the filled pages' (joinSitemaps).
    SITEMAP_BASE: jobs === 1 && cityMode === 'all' ? 'sitemap' : `sitemap-s${index}`,
    ASTRO_TELEMETRY_DISABLED: '1',
    NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --max-old-space-size=8192`.trim(),
  }
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [astro, 'build'], { env, stdio: ['ignore', 'pipe', 'inherit'] })
    // Astro's info log names every page: count those; pass on only warnings and errors.
    createInterface({ input: child.stdout }).on('line', (line) => {
      const plain = line.replace(COLOURS, '')
      // Pages render concurrently, so one line may hold several.
      const count = plain.match(PAGE_ENTRY)?.length ?? 0
      if (count && !firstPage) firstPage = performance.now()
      if (count) pagesDone += count
      else if (/\b(warn|warning|error)\b/i.test(line)) console.log(line)
    })
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`astro build shard ${index}/${jobs} exited with ${code}`))))
  })
}

/** Moves a shard's output into dist/: whole folders by rename where dist/ has none, else entry by entry. */
function merge(from: string, to: string): void {
  if (!existsSync(to)) return renameSync(from, to)
  for (const name of readdirSync(from)) {
    const source = join(from, name)
    const target = join(to, name)
    if (existsSync(target) && statSync(source).isDirectory()) merge(source, target)
    else if (!existsSync(target)) renameSync(source, target)
  }
}

/**
 * With BUILD_CITIES the site serves that file as /data/cities.txt and its own nearest-place index
 * under /data/near/, in place of public/data's copies (public/ itself is left alone: other builds
 * share it). Returns the number of index cells written.
 */
function serveCityFile(file: string): number {
  const text = readFileSync(file, 'utf8')
  const data = join(dist, 'data')
  writeFileSync(join(data, 'cities.txt'), text)
  rmSync(join(data, 'near'), { recursive: true, force: true })
  mkdirSync(join(data, 'near'), { recursive: true })
  const cells = buildNearIndex(parseCities(text))
  for (const [key, cell] of cells) writeFileSync(join(data, 'near', `${key}.json`), JSON.stringify(cell))
  return cells.size
}

/**
 * The sitemaps of the whole build, as one Astro process writes them (sitemap-index.xml over
 * sitemap-0.xml, sitemap-1.xml…, 45,000 URLs a file): every process's URLs and those of the
 * filled pages (`paths`), which Astro does not know, in one sorted list.
 */
function joinSitemaps(paths: string[] = []): void {
  const urls: string[] = []
  for (let i = 0; i < jobs; i++) {
    const index = join(dist, `sitemap-s${i}-index.xml`)
    if (!existsSync(index)) continue
    for (const [, loc] of readFileSync(index, 'utf8').matchAll(/<loc>(.*?)<\/loc>/g)) {
      const file = join(dist, new URL(loc ?? '').pathname)
      urls.push(...(readFileSync(file, 'utf8').match(/<url>.*?<\/url>/gs) ?? []))
      rmSync(file)
    }
    rmSync(index)
  }
  // The site's origin as Astro wrote it (SITE_URL or the default).
  const origin = /<loc>(https?:\/\/[^/<]+)/.exec(urls[0] ?? '')?.[1] ?? ''
  for (const path of paths) urls.push(`<url><loc>${origin}${path}</loc></url>`)
  // By address (a page before its sections), as @astrojs/sitemap orders them.
  const loc = (url: string): string => url.slice(url.indexOf('<loc>') + 5, url.indexOf('</loc>'))
  urls.sort((a, b) => (loc(a) < loc(b) ? -1 : loc(a) > loc(b) ? 1 : 0))
  const entries: string[] = []
  for (let i = 0; i * SITEMAP_LIMIT < urls.length; i++) {
    writeFileSync(
      join(dist, `sitemap-${i}.xml`),
      `${URLSET}${urls.slice(i * SITEMAP_LIMIT, (i + 1) * SITEMAP_LIMIT).join('')}</urlset>`,
    )
    entries.push(`<sitemap><loc>${origin}/sitemap-${i}.xml</loc></sitemap>`)
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>`
  writeFileSync(join(dist, 'sitemap-index.xml'), xml)
}

console.log(
  `build: ${pages} pages${cities === CITIES_FILE ? '' : ` of ${cities}`}, ${jobs} process${jobs > 1 ? 'es' : ''} → ${dist}`,
)
rmSync(dist, { recursive: true, force: true })
const started = performance.now()
const memory = watchMemory()
// The coordinate pages' nearest-place index, once here so the Astro processes find it current.
const cells = ensureNearIndex()
if (cells) console.log(`build: wrote ${cells} nearest-place cells to public/data/near`)
if (jobs > 1) mkdirSync(work, { recursive: true })
const progress = setInterval(
  () => {
    if (pagesDone) console.log(progressLine(pagesDone, pages, (performance.now() - firstPage) / 1000))
  },
  Number(process.env['BUILD_PROGRESS_SECONDS'] ?? 5) * 1000,
)
await Promise.all(Array.from({ length: jobs }, (_, i) => runAstro(i))).finally(() => clearInterval(progress))
if (jobs > 1) {
  for (let i = 0; i < jobs; i++) merge(join(work, String(i)), dist)
  // The host files again, with the CSP hashes of every shard's inline scripts (src/integrations/host-rules.ts).
  writeHostFiles(dist)
  rmSync(work, { recursive: true, force: true })
}
/** The filled pages' paths, for their sitemaps (Astro's list only the pages it rendered). */
const filledPaths: string[] = []
if (cityMode === 'shells') {
  const astroDone = pagesDone
  const fillStarted = performance.now()
  const fillCpu = process.cpuUsage()
  console.log(`build: Astro done after ${((fillStarted - started) / 1000).toFixed(1)} s`)
  firstPage ||= performance.now()
  // Synchronous, so it prints its own progress lines.
  const every = Number(process.env['BUILD_PROGRESS_SECONDS'] ?? 5) * 1000
  let printed = performance.now()
  const filled = fillCityPages(dist, citiesText, scope, filledPaths, (done) => {
    pagesDone = astroDone + done
    if (performance.now() - printed < every) return
    printed = performance.now()
    console.log(progressLine(pagesDone, pages, (printed - firstPage) / 1000))
  })
  const took = (performance.now() - fillStarted) / 1000
  const cpu = process.cpuUsage(fillCpu)
  console.log(
    `build: filled in ${filled.written} city pages from shells in ${took.toFixed(1)} s (${Math.round(filled.written / took)} pages/s, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU); ${filled.checked} matched Astro's own rendering`,
  )
}
if (jobs > 1 || cityMode === 'shells') joinSitemaps(filledPaths)
// The service worker last: it lists the files to precache, with their revisions (docs/offline.md).
// The widget's script first: the worker precaches nothing of /embed/, but the order keeps both current.
const widgetBytes = await writeWidgetScript(dist)
console.log(`build: widget script ${(widgetBytes / 1024).toFixed(1)} KB`)
const worker = await writeServiceWorker(dist)
console.log(`build: service worker precaches ${worker.count} files, ${(worker.size / 1024).toFixed(0)} KB`)
if (cities !== CITIES_FILE) console.log(`build: served ${cities} with ${serveCityFile(cities)} nearest-place cells`)
const seconds = (performance.now() - started) / 1000
const peak = memory.stop()
console.log(`build: ${pages} pages in ${seconds.toFixed(1)} s (${Math.round(pages / seconds)} pages/s), peak memory ${peak}`)
writeFileSync(resolve('.build', 'last-build.json'), JSON.stringify({ pages, seconds, jobs, peakBytes: memory.peakBytes() }))
