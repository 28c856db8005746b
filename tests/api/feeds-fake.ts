// A local feed server on 127.0.0.1 for the feed tests: bodies by path, ETag support, request log. Never the internet.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseFeedsConfig, type Feed } from '../../server/feeds/config.ts'
import type { FeedItem } from '../../server/feeds/types.ts'

export type Page = { status?: number; body: string; etag?: string; type?: string }

export async function startFeedServer() {
  const pages = new Map<string, Page>()
  const requests: { path: string; headers: IncomingHttpHeaders }[] = []
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/'
    requests.push({ path, headers: request.headers })
    const page = pages.get(path)
    if (!page) return void response.writeHead(404).end('not found')
    if (page.etag && request.headers['if-none-match'] === page.etag) return void response.writeHead(304).end()
    response
      .writeHead(page.status ?? 200, {
        'content-type': page.type ?? 'application/json',
        ...(page.etag ? { etag: page.etag } : {}),
      })
      .end(page.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    pages,
    requests,
    hits: (path: string) => requests.filter((request) => request.path === path).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** One resolved feed, as the configuration file would give it. */
export function testFeed(fields: Record<string, unknown>, env: Record<string, string> = {}): Feed {
  const config = parseFeedsConfig(
    {
      contact: '(porchlight.test, ops@porchlight.test)',
      groups: {
        test: [
          {
            id: 'test-feed',
            name: 'Test feed',
            adapter: 'items-json',
            enabled: true,
            scheduleSeconds: 60,
            attribution: { name: 'Test Publisher', url: 'https://publisher.example/' },
            ...fields,
          },
        ],
      },
    },
    env,
  )
  return config.feeds[0]!
}

/** A status item near Duvall, WA; override any field. */
export const feedItem = (sourceId: string, fields: Partial<FeedItem> = {}): FeedItem => ({
  sourceId,
  aspect: 'statuses',
  title: `Alert ${sourceId}`,
  priority: 'Warning',
  category: 'weather',
  dataCategory: null,
  state: 'Flood Warning',
  stateType: null,
  lines: ['Rivers rising'],
  link: null,
  image: null,
  specialData: null,
  lat: 47.7423,
  lon: -121.9857,
  areaMiles: 5,
  geometry: null,
  startsAt: null,
  endsAt: null,
  attribution: { name: 'Test Publisher', url: 'https://publisher.example/' },
  ...fields,
})

export const itemsBody = (items: unknown[]): string => JSON.stringify({ items })

/** A square polygon ring around a point, `half` degrees each way. */
export const square = (lat: number, lon: number, half: number): [number, number][][] => [
  [
    [lon - half, lat - half],
    [lon + half, lat - half],
    [lon + half, lat + half],
    [lon - half, lat + half],
    [lon - half, lat - half],
  ],
]
