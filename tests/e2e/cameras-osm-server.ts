// Caltrans CWWP2 and Overpass, faked locally for tests/e2e/cameras-osm.spec.ts (never the internet).
// Caltrans: District 4's list with its stills served here (one of them missing, for the placeholder).
// Overpass: the Snoqualmie fixture; POST /control?overpass429=N makes the next N requests answer 429.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const PORT = Number(process.env['PORT'] ?? 8796)
const ORIGIN = `http://127.0.0.1:${PORT}`
const fixture = (path: string) => readFileSync(new URL(`../fixtures/feeds/${path}`, import.meta.url), 'utf8')
// The recorded list with its stills moved here, and a second camera near the first whose still is missing.
const caltrans = JSON.parse(
  fixture('cameras/caltrans-d04.json').replaceAll('https://cwwp2.dot.ca.gov/data/d4/cctv/image', `${ORIGIN}/still`),
) as {
  data: { cctv: Record<string, unknown> }[]
}
caltrans.data.push({
  cctv: {
    index: '6',
    location: {
      district: '4',
      locationName: 'TV502 -- I-80 : Yerba Buena Island',
      nearbyPlace: 'San Francisco',
      latitude: '37.8112',
      longitude: '-122.3636',
      direction: 'East',
      route: 'I-80',
    },
    inService: 'true',
    imageData: { static: { currentImageURL: `${ORIGIN}/missing/tv502.jpg` } },
  },
})
const CALTRANS = JSON.stringify(caltrans)
const OVERPASS = fixture('overpass/snoqualmie.json')
const EMPTY = JSON.stringify({ version: 0.6, generator: 'fake', elements: [] })
/** The 0.05° cell around Snoqualmie's fixture businesses, as the server's query writes it (server/feeds/overpass/query.ts). */
const SNOQUALMIE_BOX = '(47.5,-121.85,47.55,-121.8)'
// A 1×1 grey PNG.
const STILL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==',
  'base64',
)

let tooMany = 0
const log: { path: string; status: number; userAgent: string }[] = []

createServer((request, response) => {
  const url = new URL(request.url ?? '/', ORIGIN)
  const answer = (status: number, body: string | Buffer, type = 'application/json', headers: Record<string, string> = {}) => {
    log.push({ path: url.pathname, status, userAgent: request.headers['user-agent'] ?? '' })
    response.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*', ...headers }).end(body)
  }
  if (url.pathname === '/health') return void response.end('ok')
  if (url.pathname === '/control' && request.method === 'POST') {
    tooMany = Number(url.searchParams.get('overpass429') ?? 0)
    log.length = 0
    return void response.end(JSON.stringify({ tooMany }))
  }
  if (url.pathname === '/log')
    return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(log))
  if (url.pathname === '/data/d4/cctv/cctvStatusD04.json') return answer(200, CALTRANS)
  if (url.pathname.startsWith('/still/')) return answer(200, STILL, 'image/png')
  if (url.pathname === '/api/interpreter') {
    if (tooMany > 0) {
      tooMany--
      return answer(429, 'rate limited', 'text/plain', { 'retry-after': '2' })
    }
    // Only the Snoqualmie cell has businesses: a fetch for another place (the cameras test's point) finds none,
    // so what the Snoqualmie page shows can only come from its own fetch.
    const query = url.searchParams.get('data') ?? ''
    return answer(200, query.includes(SNOQUALMIE_BOX) ? OVERPASS : EMPTY)
  }
  answer(404, 'not found', 'text/plain')
}).listen(PORT, '127.0.0.1')
