// The mixed load of `BENCH_HOSTILE=0.05 npm run bench:api`: what visitors do (the live sections, city search, item
// pages) with a share of hostile requests, as the outside review of issue 26 sent them. Deterministic: the same
// list every run.

export type MixedRequest = { method: 'GET' | 'POST' | 'DELETE'; path: string; headers?: Record<string, string>; body?: string }

const json = { 'content-type': 'application/json' }
const long = 'a'.repeat(6000)

/** Requests an anonymous caller with a script sends: every one must be refused or answered, never a 5xx. */
export const HOSTILE_REQUESTS: MixedRequest[] = [
  { method: 'GET', path: '/api/reaction?lat=abc&lon=1' },
  { method: 'GET', path: '/api/reaction?lat=91&lon=200' },
  { method: 'GET', path: '/api/reaction?lat=47.74' },
  { method: 'GET', path: '/api/reaction?lat=47.74&lon=-121.98&layer=7' },
  { method: 'GET', path: '/api/reaction?lat=47.74&lon=-121.98&route=../../../etc/passwd' },
  { method: 'GET', path: `/api/reaction?lat=47.74&lon=-121.98&route=${long}` },
  { method: 'GET', path: '/api/cities?city=%3Cscript%3Ealert(1)%3C%2Fscript%3E' },
  { method: 'GET', path: '/items/40' },
  { method: 'GET', path: '/items/99999999999999999999' },
  { method: 'GET', path: '/items?limit=100000&offset=-5' },
  { method: 'GET', path: '/items/1', headers: { authorization: 'Bearer not.a.token' } },
  { method: 'POST', path: '/items', headers: json, body: '{"title": ' },
  {
    method: 'POST',
    path: '/api/manage/24?t=forged',
    headers: json,
    body: JSON.stringify({ Title: 'EVACUATE NOW', DataAspect: 'statuses', Priority: 'Critical', AreaMiles: 500 }),
  },
  { method: 'DELETE', path: '/api/manage/24?t=forged' },
  { method: 'POST', path: '/auth/email', headers: json, body: JSON.stringify({ email: 'admin@example.com', password: 'wrong' }) },
  { method: 'POST', path: '/auth/refresh', headers: { cookie: 'refresh=forged' } },
  { method: 'GET', path: '/admin/users', headers: { authorization: 'Bearer forged' } },
  { method: 'GET', path: '/api/feeds' },
  { method: 'GET', path: '/%2e%2e/%2e%2e/etc/passwd' },
  { method: 'GET', path: '/api/login?h=forged&rx=24' },
]

/**
 * About 2,000 requests: visitors' calls (80% live sections from `reactionPaths`, the rest city search and item
 * pages), with `hostile` of them (0.05: one in twenty) taken in turn from HOSTILE_REQUESTS.
 */
export function mixedRequests(reactionPaths: string[], hostile: number): MixedRequest[] {
  const searches = ['du', 'sea', 'spo', 'new y', 'san', 'port', 'spr', 'lake']
  const list: MixedRequest[] = []
  let hostileNext = 0
  let debt = 0
  for (let index = 0; index < 2000; index++) {
    debt += hostile
    if (debt >= 1) {
      debt -= 1
      list.push(HOSTILE_REQUESTS[hostileNext++ % HOSTILE_REQUESTS.length]!)
      continue
    }
    const kind = index % 20
    if (kind < 16) list.push({ method: 'GET', path: reactionPaths[index % reactionPaths.length]! })
    else if (kind < 18)
      list.push({ method: 'GET', path: `/api/cities?city=${encodeURIComponent(searches[index % searches.length]!)}` })
    else list.push({ method: 'GET', path: `/items/${1 + ((index * 37) % 1000)}` })
  }
  return list
}
