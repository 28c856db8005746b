import { describe, expect, it } from 'vitest'
import { businessForm, businessProblems, unreadableDays, withBusiness } from '../../../src/lib/editor/business.ts'
import { BUSINESSES } from '../../../server/db/demo/businesses.ts'

describe('the business form', () => {
  it('reads stored special data, numbers and lists as text', () => {
    const form = businessForm(
      JSON.stringify({ category: 'eatery', lat: 47.7, service: ['dine-in', 'take-out'], hoursM: 'closed' }),
    )
    expect(form).toMatchObject({ category: 'eatery', lat: '47.7', service: 'dine-in, take-out', hoursM: 'closed', web: '' })
  })

  it('starts empty from missing or broken special data', () => {
    expect(businessForm('').title).toBe('')
    expect(businessForm('{oops').title).toBe('')
    expect(businessForm('[1,2]').title).toBe('')
  })

  it('writes the form back, keeping notes, log and unknown keys, dropping emptied fields', () => {
    const stored = JSON.stringify({ title: 'Old', web: 'https://old.example', _Notes: 'call first', _Log: ['x'], extra: 1 })
    const form = { ...businessForm(stored), title: 'New', web: '', lat: '47.74', lon: '-121.98' }
    expect(JSON.parse(withBusiness(stored, form))).toEqual({
      title: 'New',
      lat: 47.74,
      lon: -121.98,
      _Notes: 'call first',
      _Log: ['x'],
      extra: 1,
    })
  })

  it('round-trips every demo business unchanged (an empty text is the same as none)', () => {
    for (const business of BUSINESSES) {
      const stored = JSON.stringify(business)
      const expected = Object.fromEntries(Object.entries(business).filter(([, value]) => value !== ''))
      expect(JSON.parse(withBusiness(stored, businessForm(stored)))).toEqual(expected)
    }
  })

  it('checks links and the map point', () => {
    const form = { ...businessForm('{}'), web: 'javascript:alert(1)', menu: 'https://ok.example/menu', lat: '47' }
    expect(businessProblems(form)).toEqual([
      { field: 'web', key: 'edit.urlInvalid' },
      { field: 'lon', key: 'edit.pointBoth' },
    ])
    expect(businessProblems({ ...form, web: '', lon: '200' })).toEqual([{ field: 'lon', key: 'edit.lonRange' }])
  })

  it('names the days the Local page cannot read', () => {
    const form = { ...businessForm('{}'), hoursM: '9am-5pm', hoursTu: 'closed', hoursW: 'whenever', hoursSu: '' }
    expect(unreadableDays(form)).toEqual(['W'])
  })
})
