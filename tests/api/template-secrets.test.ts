// A status template's url may carry a key: only whoever may change the template (the superadmin) reads it whole;
// other staff read it with its secrets redacted, and saving their whole record keeps it as it was (issue 36).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'

const template = JSON.stringify({
  source: 'html',
  url: 'https://schools.example.org/status?api_key=SECRET-KEY-123&district=riverview',
  select: '#status',
  rules: [{ contains: 'closed', state: 'closed' }],
})
const SECRETS = ['SECRET-KEY-123', 'riverview']

describe.each(await backends())('template secrets on $name', (backend) => {
  let api: Harness
  let superadmin: string
  let id: number

  beforeAll(async () => {
    api = await startHarness(backend)
    superadmin = (await api.signIn('superadmin')).token
    const made = await api.send('POST', '/items', {
      token: superadmin,
      body: duvallItem({ title: 'Schools', dataTemplate: template }),
    })
    id = made.body.id as number
  })
  afterAll(() => api.close())

  it('gives page staff, area staff and admins the template redacted, by id and in the list', async () => {
    for (const [role, scope] of [
      ['page', { pageName: 'wa/duvall' }],
      ['area', { cityName: 'Duvall' }],
      ['admin', {}],
    ] as const) {
      const { token } = await api.signIn(role, scope)
      const one = await api.send('GET', `/items/${id}`, { token })
      const list = await api.send('GET', '/items', { token })
      const manage = await api.send('GET', `/api/manage/${id}?t=${token}`)
      for (const answer of [one, list, manage]) {
        expect(answer.status, role).toBe(200)
        for (const secret of SECRETS) expect(JSON.stringify(answer.body), role).not.toContain(secret)
      }
      expect(one.body.dataTemplate).toContain('api_key=REDACTED')
    }
  })

  it('lets page staff save their whole record back without changing or losing the template', async () => {
    const { token } = await api.signIn('page', { pageName: 'wa/duvall' })
    const record = (await api.send('GET', `/items/${id}`, { token })).body
    const saved = await api.send('POST', `/api/manage/${id}?t=${token}`, {
      body: { Title: 'Schools open', DataTemplate: record.dataTemplate },
    })
    expect(saved.status).toBe(200)
    expect(JSON.stringify(saved.body)).not.toContain('SECRET-KEY-123')
    const whole = await api.send('GET', `/items/${id}`, { token: superadmin })
    expect(whole.body).toMatchObject({ title: 'Schools open', dataTemplate: template })
    const changed = record.dataTemplate.replace('REDACTED', 'MINE')
    expect((await api.send('POST', `/api/manage/${id}?t=${token}`, { body: { DataTemplate: changed } })).status).toBe(403)
  })

  it('keeps the template whole for the superadmin', async () => {
    expect((await api.send('GET', `/items/${id}`, { token: superadmin })).body.dataTemplate).toBe(template)
  })
})
