// The Cloudflare Worker over the real test build (.build/test-dist): `npm run test:built` after `npm run test:build`.
// Moved from tests/deploy/edge.test.ts, where it skipped whenever the build was missing (as in `npm test`'s unit step).
import { existsSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { toWorker } from '../../src/lib/edge/worker.ts'
import { hostRules } from '../../src/lib/routing/host-rules.ts'
import { folderBinding, loadWorker } from '../deploy/edge-harness.ts'

const built = '.build/test-dist'
const workerSource = toWorker(hostRules())

beforeAll(() => {
  if (!existsSync(`${built}/_redirects`)) throw new Error(`${built} has no _redirects: run npm run test:build first`)
})

describe('Worker over the real test-scope build', () => {
  const titles: [string, RegExp][] = [
    ['/wa/duvall', /Duvall, WA weather/],
    ['/wa/duvall/roads', /Duvall, WA road conditions/],
    ['/de/dover', /Dover, DE weather/],
    ['/de/de/dover', /Dover, DE/],
    ['/z/47.74/-121.98/statuses', /Statuses/],
    ['/reset/some-token', /Reset password/],
    ['/auth/callback', /Sign in/],
  ]
  it.each(titles)('%s answers 200 with its page', async (path, title) => {
    const real = await loadWorker(workerSource, { BUCKET: folderBinding(built) })
    const answer = await real(path)
    expect(answer.status).toBe(200)
    expect(answer.body.toString()).toMatch(new RegExp(`<title>[^<]*${title.source}`))
  })
  it('answers /es/ misses with the Spanish 404 page', async () => {
    const real = await loadWorker(workerSource, { BUCKET: folderBinding(built) })
    const answer = await real('/es/no/such/place')
    expect(answer.status).toBe(404)
    expect(answer.body.toString()).toContain('lang="es"')
  })
})
