// Walks roles x items x operations over HTTP and checks every answer against canEdit (SPEC section 6) and the
// permission table (src/lib/field-permission.ts: who may delete, create, lock).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canEdit } from '../../src/lib/can-edit.ts'
import { policyOf } from '../../src/lib/field-permission.ts'
import type { Role } from '../../src/lib/decode/editor-auth.ts'
import { backends } from './backends.ts'
import { duvallItem, startHarness, type Harness } from './harness.ts'

type Who = { label: string; role: Role | null; scope: { itemId?: number; pageName?: string; cityName?: string } }
type Target = { label: string; fields: { pageName: string; cityName: string } }

const TARGETS: Target[] = [
  { label: 'own page, own city', fields: { pageName: 'wa/duvall', cityName: 'Duvall' } },
  { label: 'own city in other case', fields: { pageName: 'wa/other', cityName: 'DUVALL' } },
  { label: 'another page and city', fields: { pageName: 'wa/monroe', cityName: 'Monroe' } },
]
const OPERATIONS = ['update', 'lock', 'unlock', 'delete'] as const

describe.each(await backends())('permissions on $name', (backend) => {
  let api: Harness
  let admin: string
  beforeAll(async () => {
    api = await startHarness(backend)
    admin = (await api.signIn('superadmin')).token
  })
  afterAll(() => api.close())

  const fresh = async (target: Target) =>
    (await api.send('POST', '/items', { token: admin, body: duvallItem(target.fields) })).body.id as number

  it('answers every role, item and operation as canEdit says', async () => {
    const otherItem = await fresh(TARGETS[2]!)
    const people: Who[] = [
      { label: 'signed out', role: null, scope: {} },
      { label: 'none', role: 'none', scope: {} },
      { label: 'admin', role: 'admin', scope: {} },
      { label: 'superadmin', role: 'superadmin', scope: {} },
      { label: 'page', role: 'page', scope: { pageName: 'wa/duvall' } },
      { label: 'area', role: 'area', scope: { cityName: 'duvall' } },
      { label: 'one', role: 'one', scope: { itemId: otherItem } },
    ]
    let checked = 0
    for (const who of people) {
      let token = who.role ? (await api.signIn(who.role, who.scope)).token : null
      let editor = who.role
        ? {
            role: who.role,
            itemId: who.scope.itemId ?? null,
            pageName: who.scope.pageName ?? null,
            cityName: who.scope.cityName ?? null,
          }
        : null
      for (const target of TARGETS) {
        for (const operation of OPERATIONS) {
          // Each check gets a fresh item; on the first target, 'one' is a new user bound to that very item.
          const id = await fresh(target)
          if (who.role === 'one') {
            const itemId = target === TARGETS[0] ? id : otherItem
            token = (await api.signIn('one', { itemId })).token
            editor = { role: 'one', itemId, pageName: null, cityName: null }
          }
          const policy = policyOf(who.role)
          const power = operation === 'update' ? true : operation === 'delete' ? policy.createDelete : policy.lock
          const allowed = canEdit(editor, { id, ...target.fields }) && power
          const { status } =
            operation === 'update'
              ? await api.send('POST', `/api/manage/${id}`, { token, body: { Title: 'Changed' } })
              : operation === 'delete'
                ? await api.send('DELETE', `/items/${id}`, { token })
                : await api.send('POST', `/items/${id}/${operation}`, { token, ...(operation === 'lock' ? { body: {} } : {}) })
          const expected = allowed ? 200 : who.role ? 403 : 401
          expect({ who: who.label, target: target.label, operation, status }).toEqual({
            who: who.label,
            target: target.label,
            operation,
            status: expected,
          })
          checked++
        }
        const created = await api.send('POST', '/items', { token, body: duvallItem(target.fields) })
        const mayCreate = canEdit(editor, { id: null, ...target.fields }) && policyOf(who.role).createDelete
        expect({ who: who.label, target: target.label, operation: 'create', status: created.status }).toEqual({
          who: who.label,
          target: target.label,
          operation: 'create',
          status: mayCreate ? 201 : who.role ? 403 : 401,
        })
        checked++
      }
    }
    expect(checked).toBeGreaterThan(100)
  })

  it('keeps page and area staff from moving an item out of their scope', async () => {
    const page = (await api.signIn('page', { pageName: 'wa/duvall' })).token
    const area = (await api.signIn('area', { cityName: 'Duvall' })).token
    const id = await fresh(TARGETS[0]!)
    expect((await api.send('POST', `/api/manage/${id}`, { token: page, body: { PageName: 'wa/monroe' } })).status).toBe(403)
    expect((await api.send('POST', `/api/manage/${id}`, { token: area, body: { CityName: 'Monroe' } })).status).toBe(403)
    expect((await api.send('POST', `/api/manage/${id}`, { token: area, body: { CityName: 'duvall' } })).status).toBe(200)
  })
})
