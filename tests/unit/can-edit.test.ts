import { describe, expect, it } from 'vitest'
import { canEdit, roleFromClaims, type Editor } from '../../src/lib/can-edit.ts'

const item = { id: 7, pageName: 'wa/duvall', cityName: 'Duvall' }
const editor = (role: NonNullable<Editor>['role'], scope: Partial<NonNullable<Editor>> = {}): Editor => ({
  role,
  itemId: null,
  pageName: null,
  cityName: null,
  ...scope,
})

describe('canEdit', () => {
  it.each([
    ['signed out', null, false],
    ['none', editor('none'), false],
    ['admin', editor('admin'), true],
    ['superadmin', editor('superadmin'), true],
    ['page of this page', editor('page', { pageName: 'wa/duvall' }), true],
    ['page of another page', editor('page', { pageName: 'wa/monroe' }), false],
    ['page without a page', editor('page'), false],
    ['area of this city, other case', editor('area', { cityName: 'DUVALL' }), true],
    ['area of another city', editor('area', { cityName: 'Monroe' }), false],
    ['area without a city', editor('area'), false],
    ['one of this item', editor('one', { itemId: 7 }), true],
    ['one of another item', editor('one', { itemId: 8 }), false],
  ] as const)('%s → %s', (_, who, expected) => {
    expect(canEdit(who, item)).toBe(expected)
  })

  it('never lets one create, nor area edit an item without a city', () => {
    expect(canEdit(editor('one', { itemId: 7 }), { id: null, pageName: null, cityName: null })).toBe(false)
    expect(canEdit(editor('area', { cityName: 'Duvall' }), { id: 1, pageName: null, cityName: null })).toBe(false)
  })
})

describe('roleFromClaims', () => {
  it.each([
    [{ EntityType: 0 }, 'none'],
    [{ EntityType: 1 }, 'admin'],
    [{ EntityType: '2' }, 'page'],
    [{ EntityType: 3 }, 'superadmin'],
    [{ EntityType: 4 }, 'area'],
    [{ EntityType: 5 }, 'one'],
    [{ EntityType: 9, role: 'admin' }, 'admin'],
    [{ role: 'page' }, 'page'],
    [{ role: '<script>' }, 'none'],
    [{}, 'none'],
  ])('%j → %s', (claims, role) => {
    expect(roleFromClaims(claims)).toBe(role)
  })
})
