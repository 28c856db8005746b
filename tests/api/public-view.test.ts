// The anonymous reaction answer never carries staff-only data: a template's url (and any key in it) stays with staff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'

const template = JSON.stringify({
  source: 'html',
  url: 'https://schools.example.org/status?api_key=SECRET-KEY-123',
  select: '#status',
  rules: [{ contains: 'closed', state: 'closed' }],
})

describe.each(await backends())('public views on $name', (backend) => {
  let api: Harness
  let admin: string
  let id: number

  beforeAll(async () => {
    api = await startHarness(backend)
    admin = (await api.signIn('superadmin')).token
    id = (await api.send('POST', '/items', { token: admin, body: duvallItem({ title: 'Schools', dataTemplate: template }) })).body
      .id as number
  })
  afterAll(() => api.close())

  it('leave the template out of the reaction answer', async () => {
    const answer = await api.send('GET', '/api/reaction?lat=47.74&lon=-121.99')
    expect(answer.status).toBe(200)
    expect(JSON.stringify(answer.body)).not.toContain('SECRET-KEY-123')
    const item = answer.body.statuses.messages.find((message: { id: number }) => message.id === id)
    expect(item.data).toMatchObject({ dataTemplate: null, lockResultUntil: null })
  })

  it('give an anonymous GET /items/{id} the public item only', async () => {
    const item = await api.send('GET', `/items/${id}`)
    expect(item.status).toBe(200)
    expect(JSON.stringify(item.body)).not.toContain('SECRET-KEY-123')
    for (const key of ['dataTemplate', 'fetchError', 'nextFetchAt', 'hasEditKey', 'isActive', 'layer', 'feedId'])
      expect(item.body).not.toHaveProperty(key)
    const reaction = await api.send('GET', '/api/reaction?lat=47.74&lon=-121.99')
    const { distance: _, ...shown } = reaction.body.statuses.messages.find((message: { id: number }) => message.id === id)
    expect(item.body).toEqual(shown)
  })

  it('give staff who may not edit the item, and its owner, no template either', async () => {
    const area = (await api.signIn('area', { cityName: 'Monroe' })).token
    expect(JSON.stringify((await api.send('GET', `/items/${id}`, { token: area })).body)).not.toContain('SECRET-KEY-123')
    const { editKey } = (await api.send('POST', `/items/${id}/edit-key`, { token: admin })).body
    const owner = (await api.send('GET', `/api/login?h=${editKey}&rx=${id}`)).body.token
    const record = await api.send('GET', `/items/${id}`, { token: owner })
    expect(record.status).toBe(200)
    expect(record.body).toMatchObject({ id, dataTemplate: null, fetchError: null, nextFetchAt: null })
    expect(JSON.stringify((await api.send('GET', `/api/manage/${id}?t=${owner}`)).body)).not.toContain('SECRET-KEY-123')
  })

  it('keep it in the staff record the edit dialog reads', async () => {
    const record = await api.send('GET', `/items/${id}`, { token: admin })
    expect(record.status).toBe(200)
    expect(record.body.dataTemplate).toBe(template)
  })
})
