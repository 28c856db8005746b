// The permission table's helpers, and canEdit's page-and-city rule, as the API and the edit dialog read them.
import { describe, expect, it } from 'vitest'
import { canEdit, pageOfCity } from '../../src/lib/can-edit.ts'
import {
  FIELD_POLICY,
  ITEM_FIELDS,
  allowedPriorities,
  forbiddenSpecialKey,
  mayChange,
  writablePayload,
} from '../../src/lib/field-permission.ts'

describe('the permission table', () => {
  it('gives an owner the business’s own fields only', () => {
    expect(ITEM_FIELDS.filter((field) => mayChange('one', field))).toEqual(['title', 'image', 'link', 'specialData'])
    expect(FIELD_POLICY.one).toMatchObject({ createDelete: false, lock: false, ownerLinks: false, staffView: false })
  })

  it('keeps the template and the lock to the superadmin', () => {
    for (const role of ['admin', 'page', 'area', 'one', 'none'] as const) {
      expect(mayChange(role, 'dataTemplate')).toBe(false)
      expect(mayChange(role, 'lockResultUntil')).toBe(false)
      expect(FIELD_POLICY[role].lock).toBe(false)
    }
    expect(mayChange('superadmin', 'dataTemplate') && FIELD_POLICY.superadmin.lock).toBe(true)
  })

  it('lets scoped staff give High at most, admins Critical', () => {
    expect(allowedPriorities('page')).toEqual(['High', 'Warning', 'Medium', 'Normal', 'Info', 'Low'])
    expect(allowedPriorities('admin')[0]).toBe('Critical')
    expect(allowedPriorities(null)[0]).toBe('Normal')
  })

  it('finds a special-data key an owner may not change, and lets equal values pass', () => {
    const before = JSON.stringify({ category: 'cafe', lat: 47.7, description: 'a', _Notes: 'x' })
    expect(
      forbiddenSpecialKey('one', before, JSON.stringify({ category: 'cafe', lat: 47.7, description: 'b', _Notes: 'x' })),
    ).toBeNull()
    expect(
      forbiddenSpecialKey('one', before, JSON.stringify({ category: 'bar', lat: 47.7, description: 'a', _Notes: 'x' })),
    ).toBe('category')
    expect(
      forbiddenSpecialKey('one', before, JSON.stringify({ category: 'cafe', lat: '47.7', description: 'a', _Notes: 'x' })),
    ).toBeNull()
    expect(forbiddenSpecialKey('one', before, JSON.stringify({ category: 'cafe', lat: 47.7, _Notes: 'x', _Log: 'y' }))).toBe(
      '_Log',
    )
    expect(forbiddenSpecialKey('admin', before, '{}')).toBeNull()
  })

  it('keeps only the writable fields of a payload, and its Id', () => {
    expect(writablePayload('one', { Id: 3, Title: 'A', Priority: 'Critical', SpecialData: '{}', PageName: 'x/y' })).toEqual({
      Id: 3,
      Title: 'A',
      SpecialData: '{}',
    })
  })
})

describe('canEdit: page and city both inside the scope', () => {
  it.each([
    ['wa/duvall', 'Duvall', true],
    ['wa/duvall', 'Duvall, WA', true],
    ['wa/duvall', 'Duvall, OR', false],
    ['wa/seattle', 'Duvall', false],
  ])('pageOfCity(%s, %s) → %s', (route, city, expected) => {
    expect(pageOfCity(route, city)).toBe(expected)
  })

  it('refuses an area user a page of another city, and a page user another city', () => {
    const area = { role: 'area' as const, itemId: null, pageName: null, cityName: 'Duvall' }
    const page = { role: 'page' as const, itemId: null, pageName: 'wa/duvall', cityName: null }
    expect(canEdit(area, { id: null, pageName: 'wa/seattle', cityName: 'Duvall' })).toBe(false)
    expect(canEdit(area, { id: null, pageName: 'wa/duvall', cityName: 'Duvall' })).toBe(true)
    expect(canEdit(page, { id: null, pageName: 'wa/duvall', cityName: 'Seattle' })).toBe(false)
    expect(canEdit(page, { id: null, pageName: 'wa/duvall', cityName: null })).toBe(true)
  })
})
