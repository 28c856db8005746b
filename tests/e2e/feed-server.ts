// The national feeds, faked locally for tests/e2e/feeds.spec.ts: NWS active alerts and a WZDx feed from
// the recorded fixtures, every time in them moved so the fixtures' "now" (2026-11-23 18:00 UTC) is now.
// POST /control?outage=1 makes both answer 503, as a feed outage does; outage=0 ends it. The IPAWS and GTFS
// answers keep working meanwhile: their specs run beside feeds.spec.ts, whose outage must not back their feeds off.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { detourBytes } from '../fixtures/feeds/gtfs/alerts.ts'

const PORT = Number(process.env['PORT'] ?? 8795)
const FIXTURES_NOW = Date.parse('2026-11-23T18:00:00Z')
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g

const fixture = (path: string) => readFileSync(new URL(`../fixtures/feeds/${path}`, import.meta.url), 'utf8')
const bodies: Record<string, string> = {
  '/alerts/active': fixture('e2e/nws-seattle.json'),
  '/wzdx': fixture('wzdx/v4.2_seattle-area.geojson'),
  // The WZDx Feed Registry and the feeds it lists (tests/e2e/feeds-registry.spec.ts); Nebraska's feed is down.
  '/registry': fixture('registry/registry-test.json').replaceAll('{origin}', `http://127.0.0.1:${PORT}`),
  '/wzdx/missouri': fixture('registry/wzdx-missouri.geojson'),
  '/wzdx/delaware': fixture('registry/wzdx-delaware.geojson'),
}
const down = new Set(['/wzdx/nebraska'])

/** The fixture with its times shifted to today, so nothing in it has ended. */
const shifted = (body: string): string => {
  const offset = Date.now() - FIXTURES_NOW
  return body.replace(ISO_TIME, (time) => new Date(Date.parse(time) + offset).toISOString())
}

let outage = false

// IPAWS (tests/e2e/feeds-ipaws.spec.ts): recent/{since} answers the recorded alerts, or after
// POST /control/ipaws?body=cancel the Cancel of the boil-water notice; King County's zone is a square around Duvall.
const ipawsBodies = { recent: fixture('ipaws/recent.xml'), cancel: fixture('ipaws/cancel.xml') }
let ipaws: keyof typeof ipawsBodies = 'recent'
bodies['/zones/county/WAC033'] = JSON.stringify({
  type: 'Feature',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [-122.05, 47.6],
        [-121.85, 47.6],
        [-121.85, 47.8],
        [-122.05, 47.8],
        [-122.05, 47.6],
      ],
    ],
  },
})

createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${PORT}`)
  if (url.pathname === '/health') return void response.end('ok')
  if (url.pathname === '/control' && request.method === 'POST') {
    outage = url.searchParams.get('outage') === '1'
    return void response.end(JSON.stringify({ outage }))
  }
  if (url.pathname === '/control/ipaws' && request.method === 'POST') {
    ipaws = url.searchParams.get('body') === 'cancel' ? 'cancel' : 'recent'
    return void response.end(JSON.stringify({ ipaws }))
  }
  // GTFS-realtime (tests/e2e/transit.spec.ts): an agency's detour (protobuf, times around now) and its static GTFS zip.
  if (url.pathname === '/gtfs-rt/alerts.pb' || url.pathname === '/gtfs/svt-gtfs.zip') {
    const zip = url.pathname.endsWith('.zip')
    response.writeHead(200, { 'content-type': zip ? 'application/zip' : 'application/x-protobuf' })
    return void response.end(
      zip
        ? readFileSync(new URL('../fixtures/feeds/gtfs/svt-gtfs.zip', import.meta.url))
        : detourBytes(Math.floor(Date.now() / 1000)),
    )
  }
  const body = url.pathname.startsWith('/ipaws/recent/') ? ipawsBodies[ipaws] : bodies[url.pathname]
  if (!body && !down.has(url.pathname)) {
    response.writeHead(404, { 'content-type': 'application/problem+json' })
    return void response.end(JSON.stringify({ status: 404, title: 'Not Found' }))
  }
  if ((outage && !url.pathname.startsWith('/ipaws/')) || down.has(url.pathname)) {
    response.writeHead(503, { 'content-type': 'text/html' })
    return void response.end('<html><body>Service Unavailable</body></html>')
  }
  response.writeHead(200, { 'content-type': 'application/geo+json', 'cache-control': 'no-store' })
  response.end(shifted(body ?? ''))
}).listen(PORT, '127.0.0.1', () => console.log(`feed server on 127.0.0.1:${PORT}`))
