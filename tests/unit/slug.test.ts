import { describe, expect, it } from 'vitest'
import { ROUTE_PATTERN, citySlug, searchKey } from '../../src/lib/routing/slug.ts'

describe('citySlug', () => {
  it.each([
    ['Duvall', 'duvall'],
    ['St. Louis', 'st-louis'],
    ["Coeur d'Alene", 'coeur-dalene'],
    ['Cañon City', 'canon-city'],
    ['La Cañada Flintridge', 'la-canada-flintridge'],
    ["O'Fallon", 'ofallon'],
    ['Winston-Salem', 'winston-salem'],
    ["Town 'n' Country", 'town-n-country'],
    ['Kapa‘a', 'kapaa'],
    ['Española', 'espanola'],
    ['Stambaugh, Iron River', 'stambaugh-iron-river'],
    ['Alton North (historical)', 'alton-north-historical'],
    ['Socorro Mission Number 1 Colonia', 'socorro-mission-number-colonia'],
    ['Weißenburg', 'weissenburg'],
    ['  --  ', ''],
  ])('%s → %s', (name, slug) => {
    expect(citySlug(name)).toBe(slug)
    if (slug) expect(ROUTE_PATTERN.test(`wa/${slug}`)).toBe(true)
  })
})

describe('searchKey', () => {
  it('folds case, accents and punctuation', () => {
    expect(searchKey('  St. Louis ')).toBe('st louis')
    expect(searchKey('CAÑON   City')).toBe('canon city')
    expect(searchKey('Winston-Salem')).toBe('winston salem')
  })
})
