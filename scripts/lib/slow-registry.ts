// A hostile registry publisher for issue 36's lanes (scripts/bench-feeds-lanes.ts, tests/api/feeds-lanes.test.ts): a
// host that holds every request, then answers 503, and a WZDx registry listing thousands of feeds on it.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A loopback host that holds every request `holdMs`, then answers 503: a feed on it takes the whole wait each run. */
export async function startSlowHost(holdMs: number) {
  let hits = 0
  let open = 0
  let mostOpen = 0
  const server = createServer((_request, response) => {
    hits++
    mostOpen = Math.max(mostOpen, ++open)
    setTimeout(() => {
      open--
      response.writeHead(503).end('busy')
    }, holdMs).unref()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    mostOpen: () => mostOpen,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A WZDx Feed Registry export of `rows` active keyless Iowa feeds, each on `origin`, all from `publisher`. */
export const slowRegistryBody = (origin: string, rows: number, publisher: string): string =>
  JSON.stringify(
    Array.from({ length: rows }, (_, n) => ({
      state: 'Iowa',
      issuingorganization: publisher,
      feedname: `Slow feed ${n}`,
      url: { url: `${origin}/wzdx/${n}` },
      format: 'GeoJSON',
      version: '4.2',
      active: true,
      needapikey: false,
      datafeed_frequency_update: '1m',
    })),
  )
