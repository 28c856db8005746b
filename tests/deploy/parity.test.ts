// One table of hostile and odd paths (routes.ts `parity`) against npm run serve, the Cloudflare Worker
// and the CloudFront Function: each must give the same status and Location, and its 404s the 404 page.
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deploy } from '../../scripts/deploy/run.ts'
import type { LocalS3 } from '../../scripts/deploy/local-s3.ts'
import { toCloudFrontFunction } from '../../src/lib/edge/cloudfront.ts'
import { toWorker } from '../../src/lib/edge/worker.ts'
import { hostRules } from '../../src/lib/routing/host-rules.ts'
import { securityHeaderBlocks } from '../../src/lib/security-headers.ts'
import { getPage, startServe, type Served } from '../serve/site.ts'
import { loadCloudFront, loadWorker, r2Binding } from './edge-harness.ts'
import { POLICY, makeSite, startBucket } from './fixture.ts'
import { parity } from './routes.ts'

type Seen = { status: number; location: string | null; title: string }
const titleOf = (body: string): string => /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? ''

let site: { root: string; files: string[] }
let s3: LocalS3
let served: Served
const clients: Record<string, (path: string) => Promise<Seen>> = {}

beforeAll(async () => {
  site = makeSite()
  let config
  ;({ s3, config } = await startBucket('site'))
  await deploy({ root: site.root, config, journalDir: `${site.root}/.journal` })
  const blocks = securityHeaderBlocks(POLICY)
  const worker = await loadWorker(toWorker(hostRules(), blocks), {
    BUCKET: r2Binding(async (key) => Promise.resolve(s3.objects.get(key))),
    PREFIX: 'site/',
  })
  const cloudFront = loadCloudFront(toCloudFrontFunction(hostRules(), blocks), (key) => s3.objects.get(`site/${key}`))
  served = await startServe(site.root)
  clients['npm run serve'] = async (path) => {
    const answer = await getPage(served.port, path)
    return { status: answer.status, location: answer.location ?? null, title: titleOf(answer.body) }
  }
  clients['Cloudflare Worker'] = async (path) => {
    const answer = await worker(path)
    return { status: answer.status, location: answer.location, title: titleOf(answer.body.toString()) }
  }
  clients['CloudFront Function'] = async (path) => {
    const answer = cloudFront(path)
    return Promise.resolve({ status: answer.status, location: answer.location, title: titleOf(answer.body.toString()) })
  }
}, 120_000)
afterAll(async () => {
  await served.stop()
  await s3.close()
  rmSync(site.root, { recursive: true, force: true })
})

describe.each(['npm run serve', 'Cloudflare Worker', 'CloudFront Function'])('%s', (name) => {
  it.each(parity)('%s answers %i %s', async (path, status, location) => {
    const seen = await clients[name]!(path)
    expect({ status: seen.status, location: seen.location }).toEqual({ status, location })
    if (status === 404) expect(seen.title, path).toMatch(/(^|\/)404\.html$/)
  })
})
