// Every failure names its code of the shared vocabulary (src/lib/errors.ts) beside the SPEC's English text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS } from '../../src/lib/errors.ts'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'

describe.each(await backends())('error codes on $name', (backend) => {
  let api: Harness
  let admin: string
  beforeAll(async () => {
    api = await startHarness(backend)
    admin = (await api.signIn('admin')).token
  })
  afterAll(() => api.close())

  it('names one problem by its code', async () => {
    expect(await api.send('POST', '/items', { body: duvallItem() })).toMatchObject({
      status: 401,
      body: { error: 'Authentication required to update items', code: 'auth_required' },
    })
    expect((await api.send('GET', '/items/999999', { token: admin })).body).toEqual({
      error: 'Item not found',
      code: 'item_not_found',
    })
    expect((await api.send('GET', '/nowhere')).body).toEqual({ error: 'Not found', code: 'not_found' })
  })

  it('lists every problem of a refused item, its text joined with a comma (SPEC section 5)', async () => {
    const answer = await api.send('POST', '/items', {
      token: admin,
      body: duvallItem({ title: ' ', link: 'not a url', lat: 47.7 }),
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 'title_required' })
    expect(answer.body.problems.map((problem: { code: string }) => problem.code)).toEqual(
      expect.arrayContaining(['title_required', 'link_url']),
    )
    expect(answer.body.error).toBe(
      answer.body.problems.map((problem: { code: keyof typeof ERRORS }) => ERRORS[problem.code]).join(', '),
    )
  })

  it('gives a schema failure as invalid_request with the field in its detail', async () => {
    const answer = await api.send('GET', '/api/reaction?lat=north&lon=1')
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 'invalid_request', params: { detail: expect.stringMatching(/^query\.lat/) } })
    expect(answer.body.error).toBe(`Invalid request: ${answer.body.params.detail}`)
  })
})
