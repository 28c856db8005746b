// The mixed load of `BENCH_HOSTILE=0.05 npm run bench:api`: what visitors do (the live sections, city search, item
// pages) with a share of hostile requests, as the outside review of issue 26 sent them. Deterministic: the same
// list every run.

export type MixedRequest = { method: 'GET' | 'POST' | 'DELETE'; path: string; headers?: Record<string, string>; body?: string }

const json = { 'content-type': 'application/json' }
const long = 'a'.repeat(6000)
/** A P-256 public key that is not a point on the curve: 0x04 and 64 zero bytes, base64url. */
const POISON_KEY = Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString('base64url')

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
  // Issue 36's surfaces: the coverage answer, feed health, push and email subscriptions.
  { method: 'GET', path: '/api/coverage?state=zz' },
  { method: 'GET', path: `/api/coverage?state=${long}` },
  { method: 'POST', path: '/api/feeds/nws-alerts/run', headers: { authorization: 'Bearer forged' } },
  // A p256dh that is no point on P-256 (0x04 and 64 zero bytes), the poison of issue 36.
  {
    method: 'POST',
    path: '/api/notify/subscriptions',
    headers: json,
    body: JSON.stringify({
      subscription: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        keys: { p256dh: POISON_KEY, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
      },
      places: [{ place: 'wa/duvall' }],
    }),
  },
  {
    method: 'POST',
    path: '/api/notify/subscriptions',
    headers: json,
    body: JSON.stringify({
      subscription: { endpoint: 'https://8.8.8.8:22/x', keys: { p256dh: POISON_KEY, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
      places: [{ place: 'wa/duvall' }],
    }),
  },
  { method: 'POST', path: '/api/notify/subscriptions/AAAAAAAAAAAAAAAAAAAAAA', headers: json, body: '{"subscription": [' },
  {
    method: 'POST',
    path: '/api/notify/email',
    headers: json,
    body: JSON.stringify({ email: 'not-an-address', place: 'wa/duvall', lang: 'en' }),
  },
  { method: 'GET', path: '/api/notify/email/confirm?id=AAAAAAAAAAAAAAAAAAAAAA&token=forged' },
  { method: 'GET', path: `/api/feeds/wa/duvall/statuses.atom?lang=${long}` },
  { method: 'GET', path: '/api/feeds/wa/..%2f..%2fetc/passwd.atom' },
]

/**
 * About 2,000 requests: visitors' calls (80% live sections from `reactionPaths`, 5% each city search, a state's
 * coverage, Duvall's Atom feed and item pages), with `hostile` of them (0.05: one in twenty) taken in turn from HOSTILE_REQUESTS.
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
    else if (kind === 16)
      list.push({ method: 'GET', path: `/api/cities?city=${encodeURIComponent(searches[index % searches.length]!)}` })
    else if (kind === 17) list.push({ method: 'GET', path: `/api/coverage?state=${index % 40 < 20 ? 'wa' : 'ca'}` })
    else if (kind === 18) list.push({ method: 'GET', path: '/api/feeds/wa/duvall/statuses.atom' })
    else list.push({ method: 'GET', path: `/items/${1 + ((index * 37) % 1000)}` })
  }
  return list
}
