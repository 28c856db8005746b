// The route cases of tests/e2e/routes.spec.ts and tests/unit/host-rules.test.ts, shared by the edge tests.

export const redirects: [string, number, string][] = [
  ['/', 302, '/wa/duvall'],
  ['/weather', 302, '/wa/duvall'],
  ['/statuses', 302, '/wa/duvall/statuses'],
  ['/cameras', 302, '/wa/duvall/cameras'],
  ['/roads', 302, '/wa/duvall/roads'],
  ['/local', 302, '/wa/duvall/local'],
  ['/home/wa/duvall', 301, '/wa/duvall'],
  ['/weather/wa/duvall', 301, '/wa/duvall'],
  ['/statuses/wa/duvall', 301, '/wa/duvall/statuses'],
  ['/statuses/or/portland', 301, '/or/portland/statuses'],
  ['/cameras/wa/duvall', 301, '/wa/duvall/cameras'],
  ['/roads/wa/duvall', 301, '/wa/duvall/roads'],
  ['/local/wa/duvall', 301, '/wa/duvall/local'],
  ['/page/wa/duvall', 301, '/wa/duvall/page'],
  ['/wa/duvall/weather', 301, '/wa/duvall'],
  ['/de/dover/weather', 301, '/de/dover'],
  ['/wa/duvall/', 301, '/wa/duvall'],
  ['/es', 302, '/es/wa/duvall'],
  // npm run serve drops the trailing slash first (then /es redirects on).
  ['/es/', 301, '/es'],
  ['/de/weather', 302, '/de/wa/duvall'],
  ['/de/statuses', 302, '/de/wa/duvall/statuses'],
  ['/de/roads/wa/duvall', 301, '/de/wa/duvall/roads'],
  ['/ja/roads/wa/duvall', 301, '/ja/wa/duvall/roads'],
  ['/ja/wa/duvall/weather', 301, '/ja/wa/duvall'],
  ['/de/de/dover/weather', 301, '/de/de/dover'],
  // Lower-casing, which the 404 page's resolver does on hosts without rules.
  ['/WA/Duvall', 301, '/wa/duvall'],
  ['/Roads/WA/Duvall', 301, '/wa/duvall/roads'],
  ['/ES/WA/Duvall/Roads', 301, '/es/wa/duvall/roads'],
]

/** Paths served with 200 and the file each must come from. */
export const pages: [string, string][] = [
  ['/wa/duvall', 'wa/duvall.html'],
  ['/wa/duvall/statuses', 'wa/duvall/statuses.html'],
  ['/wa/duvall/cameras', 'wa/duvall/cameras.html'],
  ['/wa/duvall/roads', 'wa/duvall/roads.html'],
  ['/wa/duvall/local', 'wa/duvall/local.html'],
  ['/wa/duvall/page', 'wa/duvall/page.html'],
  ['/de/dover', 'de/dover.html'],
  ['/de/de/dover', 'de/de/dover.html'],
  ['/es/wa/duvall/roads', 'es/wa/duvall/roads.html'],
  ['/z/47.74/-121.98', 'z/shell/weather.html'],
  ['/z/47.74/-121.99/weather', 'z/shell/weather.html'],
  ['/z/47.74/-121.98/statuses', 'z/shell/statuses.html'],
  ['/z/47.74/-121.98/page', 'z/shell/page.html'],
  ['/ja/z/1/2/local', 'ja/z/shell/local.html'],
  ['/settings', 'settings.html'],
  ['/editor', 'editor.html'],
  ['/page', 'page.html'],
  ['/login', 'login.html'],
  ['/reset/some-token', 'reset.html'],
  ['/de/reset/abc123', 'de/reset.html'],
  ['/auth/callback', 'auth/callback.html'],
  ['/wa/duvall.html', 'wa/duvall.html'],
]

/** Misses and the 404 page each gets. */
export const misses: [string, string][] = [
  ['/no/such/place/here', '404.html'],
  ['/es/no/such/place', 'es/404.html'],
  ['/ja/nothing', 'ja/404.html'],
  ['/%E0%A4%A/x', '404.html'],
  ['/nothing/at/all/here/now', '404.html'],
  ['/.porchlight/manifest.tsv.gz', '404.html'],
]

/**
 * Issue 15's open-redirect tricks and their relatives: each must answer 404, or redirect to a
 * path on the same origin with no control characters.
 */
export const hostile: string[] = [
  '/home/%5Cevil.com/x',
  '/home/%5C%5Cevil.com/x',
  '/.//evil.com/',
  '//evil.com/',
  '/%2F%2Fevil.com/',
  '/weather/%09/evil.com',
  '/weather/%2F%2Fevil.com/x',
  '/home/wa/x%0d%0aSet-Cookie:%20a=b',
  '/home/%0d%0alocation:%20https:%2F%2Fevil.com/x',
  '/wa/duvall/%0d%0a/',
  '/statuses/%2e%2e/evil.com',
  '/HOME/%5Cevil.com/X',
  '/ES/%5Cevil.com',
  '/%5Cevil.com/',
  '/..%2F..%2Fevil.com',
]

/**
 * One table of hostile and odd paths, each with the one answer (status, Location) that `npm run serve`,
 * the Cloudflare Worker and the CloudFront Function must all give (tests/deploy/parity.test.ts). A 404
 * must come with the site's 404 page.
 */
export const parity: [path: string, status: number, location: string | null][] = [
  ['//evil.example/', 404, null],
  ['/%5Cevil.example/', 404, null],
  ['/\\evil.example/', 404, null],
  ['/%2F%2Fevil.example/', 404, null],
  ['/.//evil.example/', 404, null],
  ['/%09/evil.example', 404, null],
  ['/home/%5Cevil.example/x', 404, null],
  ['/WA/Duvall', 301, '/wa/duvall'],
  ['/Wa/Duvall/Roads', 301, '/wa/duvall/roads'],
  ['/ES/WA/Duvall', 301, '/es/wa/duvall'],
  ['/Roads/WA/Duvall', 301, '/wa/duvall/roads'],
  ['/WA/Duvall.html', 404, null],
  ['/Robots.txt', 404, null],
  ['/robots.txt', 200, null],
  ['/_redirects', 404, null],
  ['/_headers', 404, null],
  ['/_edge/worker.js', 404, null],
  ['/favicon', 404, null],
  ['/wa/duvall', 200, null],
  ['/wa/duvall.html', 200, null],
  ['/wa/%64uvall', 200, null],
  ['/wa/duvall%2Ehtml', 200, null],
  ['/wa/duvall/', 301, '/wa/duvall'],
  ['/wa/duvall//', 301, '/wa/duvall'],
  ['/%2e%2e/etc/passwd', 404, null],
  ['/wa/%2e%2e/%2e%2e/etc/passwd', 404, null],
  ['/.porchlight/manifest.tsv.gz', 404, null],
  ['/.git/config', 404, null],
  ['/.well-known/security.txt', 200, null],
  ['/.well-known/../.porchlight/manifest.tsv.gz', 404, null],
  ['/statuses/page/reset', 301, '/page/reset/statuses'],
  ['/page/reset/statuses', 404, null],
  ['/z/47.74/-121.98', 200, null],
  ['/Z/47.74/-121.98', 404, null],
  ['/home/wa/duvall?x=1', 301, '/wa/duvall?x=1'],
  ['/%E0%A4%A/x', 404, null],
  ['/es/nothing/here', 404, null],
]
