import { spawn } from 'node:child_process'
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readDeployConfig } from '../../scripts/deploy/config.ts'
import { MANIFEST_KEY, decodeManifest } from '../../scripts/deploy/manifest.ts'
import { deploy } from '../../scripts/deploy/run.ts'
import { Bucket } from '../../scripts/deploy/s3.ts'
import type { LocalS3 } from '../../scripts/deploy/local-s3.ts'
import { makeSite, startBucket } from './fixture.ts'

let site: { root: string; files: string[] }
let s3: LocalS3
let config: Awaited<ReturnType<typeof startBucket>>['config']
let env: Record<string, string>
const journalDir = mkdtempSync(join(tmpdir(), 'porchlight-journal-'))
const run = (dryRun = false) => deploy({ root: site.root, config, journalDir, dryRun, retry: { baseMs: 1 } })
const puts = (): number => s3.counts.PUT

beforeAll(async () => {
  site = makeSite()
  ;({ s3, config, env } = await startBucket())
}, 60_000)
afterAll(async () => {
  await s3.close()
  rmSync(site.root, { recursive: true, force: true })
})

describe('npm run deploy against a local S3-compatible server', () => {
  it('first deploy uploads every file with its headers and brotli and gzip copies', async () => {
    const summary = await run()
    expect(summary.total).toBe(site.files.length)
    expect(summary.uploaded).toBe(site.files.length)
    expect(summary.skipped).toBe(0)
    const page = s3.objects.get('site/wa/duvall.html')
    expect(page?.contentType).toBe('text/html; charset=utf-8')
    expect(page?.cacheControl).toBe('public, max-age=300, stale-while-revalidate=86400')
    const br = s3.objects.get('site/wa/duvall.html.br')
    expect(br?.contentEncoding).toBe('br')
    expect(br?.contentType).toBe('text/html; charset=utf-8')
    expect(brotliDecompressSync(br?.body ?? Buffer.alloc(0)).equals(page?.body ?? Buffer.alloc(1))).toBe(true)
    expect(gunzipSync(s3.objects.get('site/wa/duvall.html.gz')?.body ?? Buffer.alloc(0)).toString()).toContain('wa/duvall.html')
    expect(s3.objects.get('site/_astro/client.BSdmDzVD.js')?.cacheControl).toBe('public, max-age=31536000, immutable')
    expect(s3.objects.get('site/_astro/client.BSdmDzVD.js')?.contentType).toBe('text/javascript; charset=utf-8')
    expect(s3.objects.get('site/icon.png')?.contentType).toBe('image/png')
    expect(s3.objects.has('site/icon.png.br')).toBe(false)
    expect([...s3.objects.keys()].filter((k) => k.includes('_edge'))).toEqual([])
    const manifest = decodeManifest(s3.objects.get(`site/${MANIFEST_KEY}`)?.body ?? null)
    expect([...manifest.files.keys()].sort()).toEqual(site.files)
  })

  it('a second deploy with nothing changed uploads nothing', async () => {
    const before = puts()
    const summary = await run()
    expect(summary.plan.upload).toEqual([])
    expect(summary.skipped).toBe(site.files.length)
    expect(puts() - before).toBe(0)
    expect(summary.requests).toBe(1)
  })

  it('a changed string uploads only the affected files, and deletes only after the new manifest', async () => {
    appendFileSync(join(site.root, 'es/wa/duvall/roads.html'), '<p>Carreteras</p>')
    writeFileSync(join(site.root, 'es/wa/duvall/new.html'), '<p>nueva</p>')
    rmSync(join(site.root, 'de/de/dover/local.html'))
    const order: string[] = []
    s3.onPut = (key) => order.push(`put ${key}`)
    const deletes = s3.objects.delete.bind(s3.objects)
    s3.objects.delete = (key: string) => (order.push(`delete ${key}`), deletes(key))
    const dry = await run(true)
    expect(dry.plan.upload.sort()).toEqual(['es/wa/duvall/new.html', 'es/wa/duvall/roads.html'])
    expect(dry.plan.remove).toEqual(['de/de/dover/local.html'])
    expect(order).toEqual([])
    const summary = await run()
    s3.objects.delete = deletes
    s3.onPut = null
    expect(summary.uploaded).toBe(2)
    expect(summary.deleted).toBe(1)
    expect(s3.objects.has('site/de/de/dover/local.html')).toBe(false)
    expect(s3.objects.has('site/de/de/dover/local.html.br')).toBe(false)
    const firstDelete = order.findIndex((o) => o.startsWith('delete'))
    const manifestPut = order.indexOf(`put site/${MANIFEST_KEY}`)
    expect(order.slice(0, manifestPut).filter((o) => o.startsWith('put')).length).toBe(6)
    expect(manifestPut).toBeLessThan(firstDelete)
    expect(order.at(-1)).toBe(`put site/${MANIFEST_KEY}`)
  })

  it('retries throttling and server faults with backoff', async () => {
    writeFileSync(join(site.root, 'es/wa/duvall/new.html'), '<p>nueva 2</p>')
    let failures = 0
    s3.setFault(({ method, key }) => (method === 'PUT' && key.endsWith('new.html') && failures++ < 3 ? 503 : null))
    const summary = await run()
    s3.setFault(null)
    expect(summary.uploaded).toBe(1)
    expect(summary.retries).toBe(3)
    expect(s3.objects.get('site/es/wa/duvall/new.html')?.body.toString()).toBe('<p>nueva 2</p>')
  })

  it('refuses a wrong signature and changes nothing', async () => {
    writeFileSync(join(site.root, 'es/wa/duvall/new.html'), '<p>nueva 3</p>')
    const wrong = readDeployConfig({ ...env, DEPLOY_SECRET_ACCESS_KEY: 'not-the-secret' })
    await expect(deploy({ root: site.root, config: wrong, journalDir })).rejects.toThrow(/403 SignatureDoesNotMatch/)
    expect(s3.objects.get('site/es/wa/duvall/new.html')?.body.toString()).toBe('<p>nueva 2</p>')
  })

  it('lists the bucket page by page (ListObjectsV2)', async () => {
    const listed = await new Bucket(config).list()
    expect(listed.size).toBe(s3.objects.size)
    expect(listed.get('wa/duvall.html')).toBe(s3.objects.get('site/wa/duvall.html')?.body.length)
  })

  it('a deploy killed halfway continues where it stopped, without uploading finished files again', async () => {
    // Every page changes, as when the layout changes; the CLI is killed after 300 uploads.
    for (const file of site.files.filter((f) => f.endsWith('.html'))) appendFileSync(join(site.root, file), '<!-- v2 -->')
    const changed = (await run(true)).plan.upload.length
    expect(changed).toBeGreaterThan(1300)
    const before = puts()
    const child = spawn(process.execPath, ['scripts/deploy.ts'], {
      env: { ...process.env, ...env, BUILD_DIST: site.root, DEPLOY_CONCURRENCY: '4' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const killed = new Promise<void>((done) => {
      s3.onPut = () => {
        if (puts() - before >= 300 && !child.killed) child.kill('SIGKILL')
      }
      child.on('exit', () => done())
    })
    await killed
    s3.onPut = null
    const partial = puts() - before
    expect(partial).toBeLessThan(changed * 3)
    expect(decodeManifest(s3.objects.get(`site/${MANIFEST_KEY}`)?.body ?? null).files.get('wa/duvall.html')).not.toBe(undefined)
    const resumedRun = await deploy({ root: site.root, config, journalDir: '.build/deploy', retry: { baseMs: 1 } })
    expect(resumedRun.resumed).toBeGreaterThanOrEqual(Math.floor(300 / 3) - 4)
    expect(resumedRun.uploaded + resumedRun.resumed).toBe(changed)
    // At most the few files in flight at the kill are uploaded twice.
    expect(puts() - before).toBeLessThanOrEqual(changed * 3 + 1 + 4 * 3)
    expect(readFileSync(join(site.root, 'wa/duvall.html'), 'utf8')).toContain('v2')
    expect(s3.objects.get('site/wa/duvall.html')?.body.toString()).toContain('<!-- v2 -->')
    const again = await run()
    expect(again.uploaded).toBe(0)
  }, 60_000)
})

describe('deploy keys and prefix', () => {
  it('deploys /.well-known/ (security.txt) and never other dot-folders', () => {
    expect(s3.objects.has('site/.well-known/security.txt')).toBe(true)
    expect(
      [...s3.objects.keys()].filter(
        (k) => k.startsWith('site/.') && !k.startsWith('site/.well-known/') && !k.startsWith('site/.porchlight/'),
      ),
    ).toEqual([])
  })

  it('skips a file whose name cannot be a key, with a message, and deploys the rest', async () => {
    const root = mkdtempSync(join(tmpdir(), 'porchlight-badname-'))
    writeFileSync(join(root, '_redirects'), '')
    writeFileSync(join(root, 'a\\b.txt'), 'backslash')
    writeFileSync(join(root, 'tab\there.txt'), 'tab')
    writeFileSync(join(root, 'fine.txt'), 'fine')
    const { s3: other, config: otherConfig } = await startBucket('bad')
    try {
      const summary = await deploy({ root, config: otherConfig, journalDir: mkdtempSync(join(tmpdir(), 'porchlight-j-')) })
      expect(summary.refused.map((r) => r.path).sort()).toEqual(['a\\b.txt', 'tab\there.txt'])
      expect(summary.refused[0]?.reason).toMatch(/backslash|control/)
      expect(other.objects.has('bad/fine.txt')).toBe(true)
      expect([...other.objects.keys()].some((k) => k.includes('\\') || k.includes('\t'))).toBe(false)
    } finally {
      await other.close()
      rmSync(root, { recursive: true, force: true })
    }
  })

  it('normalises DEPLOY_PREFIX and refuses one that climbs out or starts with /', () => {
    expect(readDeployConfig({ ...env, DEPLOY_PREFIX: 'a//b/' }).prefix).toBe('a/b/')
    expect(readDeployConfig({ ...env, DEPLOY_PREFIX: '' }).prefix).toBe('')
    for (const bad of ['../other', 'a/../../b', '/abs', 'a/./b', 'a\\b', '..'])
      expect(() => readDeployConfig({ ...env, DEPLOY_PREFIX: bad }), bad).toThrow(/DEPLOY_PREFIX/)
  })
})
