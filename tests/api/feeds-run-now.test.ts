// "Run now" on a registry feed saves its rows like the scheduler's run (it saved none and still counted as a success),
// and each feed's run-now is limited: one run may download 50 MB from someone else's server.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feedRunSchema, feedsSchema } from '../../server/schemas.ts'
import { backends } from './backends.ts'
import { startFeedServer } from './feeds-fake.ts'
import { startHarness, type Harness } from './harness.ts'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/feeds/registry/${name}`, import.meta.url), 'utf8')
const T0 = new Date('2026-11-23T18:00:00.000Z')
const MISSOURI = 'wzdx-mo-modot-wzdx'

describe.each(await backends())('run now on $name', (backend) => {
  let api: Harness
  let fake: Awaited<ReturnType<typeof startFeedServer>>
  const previousFile = process.env['FEEDS_FILE']
  const run = async (id: string, token: string) => api.send('POST', `/api/feeds/${id}/run`, { token })
  const listedIds = async (token: string) =>
    feedsSchema.parse((await api.send('GET', '/api/feeds', { token })).body).feeds.map((feed) => feed.id)

  beforeAll(async () => {
    api = await startHarness(backend, { DEMO_DATA: '0', ALLOW_PRIVATE_FETCH: '1' })
    api.clock.now = T0
    fake = await startFeedServer()
    fake.pages.set('/registry', { body: fixture('registry-test.json').replaceAll('{origin}', fake.origin) })
    fake.pages.set('/wzdx/missouri', { body: fixture('wzdx-missouri.geojson') })
    const registry = {
      id: 'wzdx-registry',
      name: 'WZDx Feed Registry',
      adapter: 'wzdx-registry',
      url: `${fake.origin}/registry`,
      enabled: true,
      scheduleSeconds: 86_400,
      attribution: { name: 'US DOT', url: null },
    }
    const dir = mkdtempSync(join(tmpdir(), 'feeds-run-now-'))
    writeFileSync(join(dir, 'feeds.json'), JSON.stringify({ groups: { roads: [registry] } }))
    process.env['FEEDS_FILE'] = join(dir, 'feeds.json')
  })
  afterAll(async () => {
    if (previousFile === undefined) delete process.env['FEEDS_FILE']
    else process.env['FEEDS_FILE'] = previousFile
    await fake.close()
    await api.close()
  })

  it('saves the registry’s rows, so the feeds it lists appear and can run', async () => {
    const { token } = await api.signIn('admin')
    expect(await listedIds(token)).not.toContain(MISSOURI)
    const answer = await run('wzdx-registry', token)
    expect(answer.status).toBe(200)
    expect(feedRunSchema.parse(answer.body).run).toMatchObject({ state: 'stored', error: null })
    const stored = await api.store.db.selectFrom('feed_registry').select('id').execute()
    expect(stored.map((row) => row.id)).toContain(MISSOURI)
    expect(await listedIds(token)).toContain(MISSOURI)
    expect(await run(MISSOURI, token)).toMatchObject({ status: 200, body: { run: { state: 'stored', added: 2 } } })
  })

  it('runs a feed at most twice per 5 minutes and 10 times an hour, whoever asks', async () => {
    const admin = await api.signIn('admin')
    const superadmin = await api.signIn('superadmin')
    // One run already (above): the second passes, the third waits for the window's end.
    expect((await run('wzdx-registry', superadmin.token)).status).toBe(200)
    const refused = await run('wzdx-registry', admin.token)
    expect(refused).toMatchObject({ status: 429, body: { code: 'too_many' } })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    const hits = fake.hits('/registry')
    expect(hits).toBe(2)
    // Another feed has its own limit.
    expect((await run(MISSOURI, admin.token)).status).toBe(200)
    // Past the 5-minute windows, the hour's limit of 10 holds.
    let ran = 2
    for (let minutes = 5; minutes <= 55; minutes += 5) {
      api.clock.now = new Date(T0.getTime() + minutes * 60_000)
      for (const token of [admin.token, superadmin.token]) if ((await run('wzdx-registry', token)).status === 200) ran++
    }
    expect(ran).toBe(10)
    expect(fake.hits('/registry')).toBe(10)
  })
})
