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

  it('keep it in the staff record the edit dialog reads', async () => {
    const record = await api.send('GET', `/items/${id}`, { token: admin })
    expect(record.status).toBe(200)
    expect(record.body.dataTemplate).toBe(template)
  })
})
