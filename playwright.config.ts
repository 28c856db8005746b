import { defineConfig, devices } from '@playwright/test'
import { findTestBrowser } from './scripts/lib/browser.ts'
import type { E2EServer } from './tests/e2e/servers.ts'

// Chromium's headless shell where there is one (scripts/lib/browser.ts): about 40 % less CPU a test.
const executablePath = findTestBrowser()
const launchOptions = {
  executablePath,
  // Chromium's background services reach for the network, which these machines do not have.
  args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'],
}
const site = 'http://localhost:4322'

/**
 * The servers the tests use, started side by side by tests/e2e/servers.ts (Playwright's own `webServer`
 * list starts one at a time, each waiting for the one before). `after` names one that must be up first.
 */
const servers: E2EServer[] = [
  // Application Insights' ingestion, faked locally: the test build sends usage telemetry here (tests/e2e/telemetry.spec.ts).
  {
    name: 'ingest',
    command: 'node tests/e2e/ingest-server.ts',
    url: 'http://localhost:8790/health',
    env: { PORT: '8790' },
  },
  // GitHub's OAuth endpoints and Google Identity Services, faked locally for the sign-in flows.
  {
    name: 'oauth',
    command: 'node tests/e2e/oauth-server.ts',
    url: 'http://localhost:8789/health',
    env: { PORT: '8789' },
  },
  // The real API with a fresh database and its Duvall demo set: the live sections are tested end to end.
  {
    name: 'api',
    command: [
      "node -e \"require('node:fs').rmSync('.build/e2e-api', { recursive: true, force: true })\"",
      // Five staff accounts, one per role (tests/e2e/api-users.ts), made in one process.
      'node tests/e2e/api-users.ts',
      // Its output is also kept in a file: with SMTP unset, reset links are printed there (tests/e2e/staff.spec.ts).
      'node server/index.ts | tee .build/e2e-api/api.log',
    ].join(' && '),
    url: 'http://localhost:8788/api/health',
    env: {
      API_PORT: '8788',
      DATA_DIR: '.build/e2e-api',
      ALLOWED_ORIGINS: 'http://localhost:4322,http://localhost:4323',
      JOBS: '0',
      REACTION_CACHE_SECONDS: '0',
      GITHUB_CLIENT_ID: 'e2e-github',
      GITHUB_CLIENT_SECRET: 'e2e-secret',
      GITHUB_OAUTH_URL: 'http://localhost:8789',
      GITHUB_API_URL: 'http://localhost:8789',
      GOOGLE_CLIENT_ID: 'e2e-google',
      GOOGLE_JWKS_URL: 'http://localhost:8789/google/certs',
      // Web Push (tests/e2e/notify.spec.ts): the notifier runs here, fast, and may send to the fake push service.
      NOTIFY_JOBS: '1',
      NOTIFY_BURST_SECONDS: '1',
      NOTIFY_POLL_MS: '250',
      NOTIFY_ALLOW_PRIVATE: '1',
    },
  },
  // A push service, faked locally: it decrypts what the API sends (tests/e2e/notify.spec.ts).
  {
    name: 'push-fake',
    command: 'node tests/api/notify-push-fake.ts',
    url: 'http://127.0.0.1:8799/health',
    env: { PUSH_FAKE_PORT: '8799' },
  },
  // NWS and WZDx faked locally, and a second API whose feed engine reads them (tests/e2e/feeds.spec.ts):
  // no demo set, feeds from tests/fixtures/feeds/e2e/feeds.json, loopback fetches allowed.
  {
    name: 'feed-fakes',
    command: 'node tests/e2e/feed-server.ts',
    url: 'http://127.0.0.1:8795/health',
    env: { PORT: '8795' },
  },
  {
    name: 'feeds-api',
    after: 'feed-fakes',
    command: [
      "node -e \"require('node:fs').rmSync('.build/e2e-feeds-api', { recursive: true, force: true })\"",
      'node server/index.ts',
    ].join(' && '),
    url: 'http://localhost:8791/api/health',
    env: {
      API_PORT: '8791',
      DATA_DIR: '.build/e2e-feeds-api',
      ALLOWED_ORIGINS: 'http://localhost:4322',
      DEMO_DATA: '0',
      JOBS: '1',
      OVERPASS_ENABLED: '0',
      FEEDS_FILE: 'tests/fixtures/feeds/e2e/feeds.json',
      ALLOW_PRIVATE_FETCH: '1',
      REACTION_CACHE_SECONDS: '0',
    },
  },
  // Caltrans and Overpass faked locally, and an API whose camera feed and business fetcher read them
  // (tests/e2e/cameras-osm.spec.ts): no demo set, loopback fetches allowed.
  {
    name: 'cameras-fakes',
    command: 'node tests/e2e/cameras-osm-server.ts',
    url: 'http://127.0.0.1:8796/health',
    env: { PORT: '8796' },
  },
  {
    name: 'cameras-api',
    after: 'cameras-fakes',
    command: [
      "node -e \"require('node:fs').rmSync('.build/e2e-cameras-api', { recursive: true, force: true })\"",
      'node server/index.ts',
    ].join(' && '),
    url: 'http://localhost:8792/api/health',
    env: {
      API_PORT: '8792',
      DATA_DIR: '.build/e2e-cameras-api',
      ALLOWED_ORIGINS: 'http://localhost:4322',
      DEMO_DATA: '0',
      JOBS: '1',
      FEEDS_FILE: 'tests/fixtures/feeds/e2e-cameras/feeds.json',
      OVERPASS_URL: 'http://127.0.0.1:8796/api/interpreter',
      ALLOW_PRIVATE_FETCH: '1',
      // The fake Overpass on loopback only: the wait after its 429 is 1 s, not the real instances' 30 s.
      OVERPASS_429_WAIT_MS: '1000',
      REACTION_CACHE_SECONDS: '0',
    },
  },
  {
    name: 'site',
    command: 'node scripts/serve.ts',
    url: `${site}/wa/duvall`,
    env: { PORT: '4322', SERVE_DIR: '.build/test-dist' },
  },
  // Another site that embeds the widget, on its own origin (tests/e2e/embed.spec.ts).
  {
    name: 'embedder',
    command: 'node tests/e2e/embedder-server.ts',
    url: 'http://localhost:4326/health',
    env: { PORT: '4326' },
  },
  // The same files on a host without rules: only the 404 page's resolver can route aliases there.
  {
    name: 'site-no-rules',
    command: 'node scripts/serve.ts',
    url: 'http://localhost:4323/wa/duvall',
    env: { PORT: '4323', SERVE_DIR: '.build/test-dist', SERVE_RULES: 'none' },
  },
]

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env['CI'],
  retries: process.env['CI'] ? 1 : 0,
  // On CI the whole suite shares 2 cores with its servers (load 10-11): a sign-in form took 4.5 s to take input and
  // the two sign-ins of one test ran past 30 s on both tries. More time there, the same checks.
  timeout: process.env['CI'] ? 60_000 : 30_000,
  expect: { timeout: process.env['CI'] ? 10_000 : 5_000 },
  // Two, or E2E_WORKERS (docs/testing.md). A test's time is mostly its browser's CPU, so more cores could take more
  // workers, but every sign-in comes from one address (staff@duvall.test signs in in eight specs): the API's limit of
  // 10 a minute per address and account could answer 429 once more workers bunch them.
  workers: Number(process.env['E2E_WORKERS']) || 2,
  reporter: [['list'], ['json']],
  // Service workers stay off except where a test allows them (tests/e2e/offline.spec.ts): a worker's
  // requests would bypass the per-page request mocks the other tests rely on.
  use: { baseURL: site, launchOptions, trace: 'retain-on-failure', serviceWorkers: 'block' },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions }, testIgnore: /mobile\.spec/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], launchOptions }, testMatch: /mobile\.spec/ },
  ],
  webServer: {
    command: 'node tests/e2e/servers.ts',
    url: 'http://127.0.0.1:8797/ready',
    env: { E2E_SERVERS: JSON.stringify(servers), E2E_READY_PORT: '8797' },
    reuseExistingServer: false,
    // Every server: the API's five accounts come first, and a busy machine is slow to start node.
    timeout: 120_000,
  },
})
