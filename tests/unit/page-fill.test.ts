import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readScope } from '../../src/lib/routing/build-scope.ts'
import {
  SHELL_CITY,
  SHELL_NEARBY,
  escapeAttribute,
  escapeHtml,
  fillDifference,
  fillPage,
  pageTemplate,
} from '../../src/lib/routing/page-fill.ts'
import {
  checkRoutes,
  cityPages,
  sitePages,
  type CityLink,
  type CityProps,
  type SitePage,
} from '../../src/lib/routing/page-list.ts'

/** A page as Astro renders CityPage: the values in text, in attributes and in the JSON-LD script. */
function page(city: CityProps, nearby: CityLink[]): string {
  const json = JSON.stringify({ name: city.name, geo: { latitude: city.lat, longitude: city.lon } })
  const place = `${escapeHtml(city.name)}, ${escapeHtml(city.state)}`
  const list = nearby.map((c) => `<li><a href="/${c.route}">${escapeHtml(c.name)}, ${escapeHtml(c.state)}</a></li>`).join('')
  return (
    `<!doctype html><html><head><title>${place} weather</title>` +
    `<meta name="description" content="${escapeAttribute(`Weather for ${city.name}, ${city.state}.`)}">` +
    `<link rel="canonical" href="https://x.test/es/${city.route}/roads">` +
    `<script>var a = "<b>" + 1 > 0</script><script type="application/ld+json">${json}</script></head>` +
    `<body><div data-lat="${city.lat}" data-lon="${city.lon}" data-tz="${escapeAttribute(city.timezone)}" data-route="${city.route}">` +
    `<h1>${place}</h1></div><ul>${list}</ul><footer>${place}</footer></body></html>`
  )
}

const coeur: CityProps = {
  name: `Coeur d'Alene & "Co" <x>`,
  state: 'ID',
  route: 'id/coeur-dalene',
  lat: 47.67768,
  lon: -116.78047,
  timezone: 'America/Los_Angeles',
}
const near = (name: string, route: string): CityLink => ({ name, state: 'ID', route })

describe('city pages from shells', () => {
  const template = pageTemplate(page(SHELL_CITY, SHELL_NEARBY))

  it('gives the page Astro renders, with each value escaped as it is where it stands', () => {
    const nearby = [near(`O'Fallon`, 'id/o-fallon'), near('Hayden', 'id/hayden'), near('Post Falls', 'id/post-falls')]
    expect(fillPage(template, coeur, nearby)).toBe(page(coeur, nearby))
  })

  it('repeats the neighbour entry for any number of neighbours, none included', () => {
    for (const count of [0, 1, 2, 7]) {
      const nearby = Array.from({ length: count }, (_, i) => near(`Place ${i}`, `id/place-${i}`))
      expect(fillPage(template, coeur, nearby)).toBe(page(coeur, nearby))
    }
  })

  it('refuses a shell without two neighbours marked up alike', () => {
    expect(() => pageTemplate(page(SHELL_CITY, []))).toThrow(/two neighbours/)
    const uneven = page(SHELL_CITY, SHELL_NEARBY).replace('<li><a href="/xqn2routeqx">', '<li class="x"><a href="/xqn2routeqx">')
    expect(() => pageTemplate(uneven)).toThrow(/not marked up alike/)
  })

  it('names the value when a page Astro rendered differs from its fill: one the filler does not know', () => {
    // CityPage.astro shows a value derived from the city (here the latitude rounded), which no token carries.
    const withRounded = (city: CityProps, nearby: CityLink[]) =>
      page(city, nearby).replace('<h1>', `<p class="lat">${city.lat.toFixed(2)}</p><h1>`)
    const filled = fillPage(pageTemplate(withRounded(SHELL_CITY, SHELL_NEARBY)), coeur, [])
    const astro = withRounded(coeur, [])
    expect(filled).not.toBe(astro)
    const why = fillDifference(astro, filled, coeur)
    expect(why).toMatch(/^a value derived from the city’s lat, which the filler does not fill at byte \d+/)
    expect(why).toContain('>47.68<')
    expect(why).toContain('>12.35<')
    expect(why).toContain('src/lib/routing/page-fill.ts')
  })

  it('names the city’s own value when it stands where the fill left something else', () => {
    const astro = '<main><p>Hayden Lake</p><p>ID</p></main>'
    const filled = '<main><p>Hayden Lake</p><p>XQSTATEQX</p></main>'
    expect(fillDifference(astro, filled, { ...coeur, state: 'ID' })).toMatch(/^the city’s state \(ID\) at byte 27/)
    expect(fillDifference('<p>1</p>', '<p>2</p>', coeur)).toMatch(/^a value the filler does not fill at byte 3/)
  })

  it('escapes as Astro does: text all five characters, attributes only & and "', () => {
    expect(escapeHtml(`a&b<c>d'e"f`)).toBe('a&amp;b&lt;c&gt;d&#39;e&quot;f')
    expect(escapeAttribute(`a&b<c>d'e"f`)).toBe(`a&amp;b<c>d'e&quot;f`)
  })
})

describe('a shells build’s pages', () => {
  const text = readFileSync('public/data/cities.txt', 'utf8')
  const scope = readScope({ BUILD_STATES: 'id,wa', BUILD_LOCALES: 'en,es' })
  const all = sitePages(text, scope)
  const shells = sitePages(text, scope, 'shells')
  const key = (page: SitePage): string => `${page.locale}/${page.path}`

  it('fills in exactly the city pages Astro would have rendered', () => {
    const cities = all.filter((page) => page.kind === 'city')
    expect(cityPages(text, scope).map(key)).toEqual(cities.map(key))
  })

  it('has Astro render the other pages, a shell per language and section, and the check sample', () => {
    const others = (pages: SitePage[]) => pages.filter((page) => page.kind !== 'city').map(key)
    expect(others(shells)).toEqual(others(all))
    const shellCount = shells.filter((page) => page.kind === 'city' && page.city === SHELL_CITY).length
    expect(shellCount).toBe(2 * 6)
    const sample = checkRoutes(text, scope)
    expect(sample.has('id/coeur-dalene')).toBe(true)
    expect(shells.filter((page) => page.kind === 'city' && page.city !== SHELL_CITY)).toHaveLength(sample.size * 2 * 6)
  })
})
