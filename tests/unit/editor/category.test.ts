import { describe, expect, it } from 'vitest'
import { categoryLabel, filterCategories } from '../../../src/islands/staff/editor/category.ts'
import { LOCALES } from '../../../src/lib/routing/routes.ts'
import { useTranslations } from '../../../src/i18n/index.ts'

// The SPEC's vocabularies (section 3): business categories on Local, alert categories elsewhere.
const BUSINESS = [
  'restaurant',
  'cafe',
  'bar',
  'retail',
  'service',
  'entertainment',
  'health',
  'education',
  'automotive',
  'professional',
  'other',
]
const ALERT = ['traffic', 'school', 'services', 'weather', 'local', 'other']

describe('the editor list’s category filter', () => {
  it('offers the business categories on Local and the alert categories elsewhere', () => {
    expect(filterCategories('local')).toEqual(BUSINESS)
    for (const aspect of ['', 'statuses', 'roads', 'cameras', 'weather']) expect(filterCategories(aspect)).toEqual(ALERT)
  })

  it.each(LOCALES)('labels each Local category once, translated (%s)', (locale) => {
    const t = useTranslations(locale)
    const labels = filterCategories('local').map((category) => categoryLabel('local', category, t))
    expect(new Set(labels).size).toBe(BUSINESS.length)
    for (const label of labels) expect(label).not.toMatch(/^business\./)
    // 'eatery', the special-data word, is a restaurant, not a label of its own.
    expect(categoryLabel('local', 'eatery', t)).toBe(categoryLabel('local', 'restaurant', t))
  })

  it.each(LOCALES)('labels the alert categories in the page’s language (%s)', (locale) => {
    const t = useTranslations(locale)
    const labels = ALERT.map((category) => categoryLabel('statuses', category, t))
    expect(new Set(labels).size).toBe(ALERT.length)
    for (const label of labels) expect(label).not.toMatch(/^category\./)
    expect(categoryLabel('statuses', 'made-up', t)).toBe('made-up')
  })
})
