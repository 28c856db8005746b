// The generated nginx snippet under a real nginx, when one is installed (Debian: apt-get install nginx-core).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { get } from 'node:http'
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeSite } from './fixture.ts'

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path))
let site: { root: string; files: string[] }
let server: ChildProcess | null = null
let base = ''
const work = mkdtempSync(join(tmpdir(), 'porchlight-nginx-'))

const freePort = (): Promise<number> =>
  new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })

describe.runIf(nginx)('nginx with dist/nginx.conf and npm run precompress', () => {
  beforeAll(async () => {
    site = makeSite()
    // nginx's workers run as another user where the master is root; mkdtemp makes the folder 0700.
    chmodSync(site.root, 0o755)
    const pre = spawnSync(process.execPath, ['scripts/deploy/precompress.ts'], {
      env: { ...process.env, BUILD_DIST: site.root },
      encoding: 'utf8',
    })
    expect(pre.status, pre.stderr).toBe(0)
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    writeFileSync(
      join(work, 'nginx.conf'),
      `daemon off; pid ${work}/nginx.pid; error_log ${work}/error.log;
events {}
http {
  include /etc/nginx/mime.types; access_log off; client_body_temp_path ${work};
  proxy_temp_path ${work}; fastcgi_temp_path ${work}; uwsgi_temp_path ${work}; scgi_temp_path ${work};
  server { listen 127.0.0.1:${port}; root ${site.root}; include ${site.root}/nginx.conf; }
}
`,
    )
    const check = spawnSync(nginx ?? '', ['-t', '-p', work, '-c', join(work, 'nginx.conf')], { encoding: 'utf8' })
    expect(check.status, check.stderr).toBe(0)
    server = spawn(nginx ?? '', ['-p', work, '-c', join(work, 'nginx.conf')], { stdio: 'ignore' })
    for (let i = 0; i < 50; i++) {
      if (
        await fetch(`${base}/robots.txt`).then(
          () => true,
          () => false,
        )
      )
        break
      await new Promise((done) => setTimeout(done, 100))
    }
  }, 120_000)
  afterAll(() => {
    server?.kill('SIGTERM')
    rmSync(work, { recursive: true, force: true })
    rmSync(site.root, { recursive: true, force: true })
  })

  it('applies the rules and clean URLs', async () => {
    const moved = await fetch(`${base}/roads/wa/duvall?x=1`, { redirect: 'manual' })
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe('/wa/duvall/roads?x=1')
    expect(await (await fetch(`${base}/z/47.74/-121.98/statuses`)).text()).toContain('<title>z/shell/statuses.html</title>')
    const miss = await fetch(`${base}/es/no/such/place`)
    expect(miss.status).toBe(404)
    expect(await miss.text()).toContain('<title>es/404.html</title>')
  })

  it('serves the precompressed gzip copy with Vary, and the cache headers per path', async () => {
    // node:http, because fetch would undo the encoding before the test sees it.
    const page = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((done, fail) =>
      get(`${base}/wa/duvall`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }))
      }).on('error', fail),
    )
    expect(page.headers['content-encoding']).toBe('gzip')
    expect(page.headers['vary']).toBe('Accept-Encoding')
    expect(page.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400')
    expect(gunzipSync(page.body).toString()).toContain('<title>wa/duvall.html</title>')
    const asset = await fetch(`${base}/_astro/client.BSdmDzVD.js`)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await fetch(`${base}/_edge/worker.js`)).status).toBe(404)
  })
})
