// Never a false all-clear (issue 38): when the sources that cover a place fail or go stale, every live section and the
// banner say so, with what is known and its age; "No warnings" and "Nothing is reported" only when they answered.
import { expect, test, type Page } from '@playwright/test'
import { answer, at, caltrans, ipaws, kept, nws } from './failing-answers.ts'
import { serveProviders } from './providers.ts'

const reactionRoute = /localhost:8788\/api\/reaction/
async function serve(page: Page, body: object, language = 'en') {
  await page.addInitScript((lang) => localStorage.setItem('i18nextLng', lang), language)
  await serveProviders(page)
  await page.route(reactionRoute, (route) => route.fulfill({ json: body }))
}

test('every covering source failing: the SPEC’s error titles, who is not answering and since when, no all-clear', async ({
  page,
}) => {
  await serve(
    page,
    answer({ statuses: { status: 'down', missing: [ipaws, nws(at(140))] }, roads: { status: 'down', missing: [caltrans] } }),
  )
  await page.goto('/ca/san-francisco/statuses')
  const list = page.locator('#statuses-list')
  await expect(list.locator('.empty-title')).toHaveText('Error Loading Statuses')
  await expect(list.locator('.health-note')).toContainText(
    /Not answering: FEMA IPAWS and NOAA\/National Weather Service \(last answer .+\)\./,
  )
  await expect(list).not.toContainText('Nothing is reported')
  const banner = page.locator('#alert-banner .alert-banner')
  await expect(banner).toHaveClass(/sev-unknown/)
  await expect(banner).toContainText('Warnings could not be fully checked')
  await expect(banner).not.toContainText('No warnings')

  await page.goto('/ca/san-francisco/roads')
  const roads = page.locator('#roads-list')
  await expect(roads.locator('.empty-title')).toHaveText('Error Loading Road Conditions')
  await expect(roads.locator('.health-note')).toContainText('Not answering: Caltrans (12 of 12).')
  await expect(roads).not.toContainText('Nothing is reported')

  // The dashboard: a dash, not 0, for what could not be checked, and the warning line in the banner's amber, not
  // the all-clear's green (the weather service answers, with no alert).
  await page.route('https://api.weather.gov/**', (route) =>
    route.fulfill({ json: { type: 'FeatureCollection', features: [] }, contentType: 'application/geo+json' }),
  )
  await page.goto('/ca/san-francisco/page')
  const now = page.locator('#page-now')
  const unchecked = now.locator('.dash-unchecked')
  await expect(unchecked).toContainText('Warnings could not be fully checked')
  expect(await unchecked.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe('rgb(226, 160, 44)')
  for (const name of ['Statuses', 'Road conditions']) {
    const tile = now.getByRole('link', { name: `${name} Not fully checked` })
    await expect(tile.locator('strong')).toHaveText('–')
  }
  // Cameras answered: their 0 is a count.
  await expect(now.getByRole('link', { name: '0 Cameras' })).toBeVisible()
  await expect(now).not.toContainText('No warnings')
})

test('sources failing with items known: the items stay, marked as the last known, under the note', async ({ page }) => {
  await serve(page, answer({ statuses: { status: 'down', missing: [nws(at(95))] } }, [kept]))
  await page.goto('/wa/duvall/statuses')
  const list = page.locator('#statuses-list')
  await expect(list.locator('.health-note')).toContainText('Alerts could not be checked.')
  await expect(list.locator('.health-note')).toContainText('What is shown is the last known.')
  const item = list.locator('.live-item', { hasText: 'Winter storm warning: Cascades' })
  // Its age: the feed item out of date says how old (Entry.tsx Checked).
  await expect(item).toContainText(/Updated (an hour|2 hours|1 hour) ago/)
  // The note comes before the list it qualifies.
  const noteBox = await list.locator('.health-note').boundingBox()
  const itemBox = await item.boundingBox()
  expect(noteBox!.y).toBeLessThan(itemBox!.y)
})

test('one source failing: "not every source answered", never "nothing is reported"', async ({ page }) => {
  await serve(page, answer({ statuses: { status: 'partial', missing: [nws(at(30))] } }))
  await page.goto('/wa/duvall/statuses')
  const list = page.locator('#statuses-list')
  await expect(list.locator('.empty-title')).toHaveText('No Statuses')
  await expect(list.locator('.health-note')).toContainText('Not every source answered.')
  await expect(list.locator('.health-note')).toContainText('NOAA/National Weather Service')
  await expect(list).not.toContainText('Nothing is reported')
  await expect(page.locator('#alert-banner .alert-banner')).toContainText('Warnings could not be fully checked')
})

test('a stale source, in Spanish: the note in the visitor’s language, no all-clear', async ({ page }) => {
  await serve(page, answer({ statuses: { status: 'down', missing: [nws(at(600), 0, 1)] } }), 'es')
  await page.goto('/es/wa/duvall/statuses')
  const list = page.locator('#statuses-list')
  await expect(list.locator('.empty-title')).toHaveText('Error al cargar los avisos')
  await expect(list.locator('.health-note')).toContainText(
    /Sin respuesta: NOAA\/National Weather Service \(última respuesta .+\)\./,
  )
  await expect(list).not.toContainText('no hay nada reportado')
  await expect(page.locator('#alert-banner .alert-banner')).toContainText('No se pudieron comprobar todas las advertencias')
})

test('every covering source answered: then, and only then, the all-clear', async ({ page }) => {
  await serve(page, answer({}))
  await page.goto('/wa/duvall/statuses')
  const list = page.locator('#statuses-list')
  await expect(list.locator('.empty-title')).toHaveText('No Statuses')
  await expect(list).toContainText('Nothing is reported near this place right now.')
  await expect(list.locator('.health-note')).toHaveCount(0)
  await expect(page.locator('#alert-banner .alert-banner')).toContainText('No warnings near this place right now.')
})

test('the widget gives no all-clear either when its place’s sources are not answering', async ({ page }) => {
  await page.route(reactionRoute, (route) =>
    route.fulfill({ json: answer({ statuses: { status: 'down', missing: [nws(null)] } }) }),
  )
  await page.goto('/embed/statuses?place=wa%2Fduvall&lat=47.74&lon=-121.99&lang=en')
  await expect(page.locator('.widget-unchecked')).toHaveText(
    'Warnings could not be fully checked: some sources are not answering.',
  )
  await expect(page.locator('#widget-body')).not.toContainText('No current statuses.')
  await page.unroute(reactionRoute)
  await page.route(reactionRoute, (route) => route.fulfill({ json: answer({}) }))
  await page.reload()
  await expect(page.locator('#widget-body')).toContainText('No current statuses.')
  await expect(page.locator('.widget-unchecked')).toHaveCount(0)
})

// Each failure state in a second language (issue 38: English and one other for each).
test('every covering source failing, in German: the error titles and who is not answering, no all-clear', async ({ page }) => {
  await serve(
    page,
    answer({ statuses: { status: 'down', missing: [ipaws, nws(at(140))] }, roads: { status: 'down', missing: [caltrans] } }),
    'de',
  )
  await page.goto('/de/ca/san-francisco/statuses')
  const list = page.locator('#statuses-list')
  await expect(list.locator('.empty-title')).toHaveText('Fehler beim Laden der Meldungen')
  await expect(list.locator('.health-note')).toContainText(/Keine Antwort: FEMA IPAWS .+NOAA\/National Weather Service/)
  await expect(list).not.toContainText('nichts gemeldet')
  const banner = page.locator('#alert-banner .alert-banner')
  await expect(banner).toContainText('Warnungen konnten nicht vollständig geprüft werden')
  await expect(banner).not.toContainText('keine Warnungen')
  await page.goto('/de/ca/san-francisco/roads')
  const roads = page.locator('#roads-list')
  await expect(roads.locator('.empty-title')).toHaveText('Fehler beim Laden des Straßenzustands')
  await expect(roads.locator('.health-note')).toContainText('Keine Antwort: Caltrans')
  await expect(roads).not.toContainText('nichts gemeldet')
})

test('one source failing, in Spanish: not every source answered, no all-clear', async ({ page }) => {
  await serve(page, answer({ statuses: { status: 'partial', missing: [nws(at(30))] } }), 'es')
  await page.goto('/es/wa/duvall/statuses')
  const list = page.locator('#statuses-list')
  await expect(list.locator('.health-note')).toContainText('No todas las fuentes respondieron.')
  await expect(list.locator('.health-note')).toContainText('NOAA/National Weather Service')
  await expect(list).not.toContainText('no hay nada reportado')
  await expect(page.locator('#alert-banner .alert-banner')).toContainText('No se pudieron comprobar todas las advertencias')
  await expect(page.locator('#alert-banner .alert-banner')).not.toContainText('Ahora no hay avisos')
})

test('a stale source, in English: who is stale and since when, no all-clear', async ({ page }) => {
  await serve(page, answer({ statuses: { status: 'down', missing: [nws(at(600), 0, 1)] } }))
  await page.goto('/wa/duvall/statuses')
  const list = page.locator('#statuses-list')
  await expect(list.locator('.empty-title')).toHaveText('Error Loading Statuses')
  await expect(list.locator('.health-note')).toContainText(/Not answering: NOAA\/National Weather Service \(last answer .+\)\./)
  await expect(list).not.toContainText('Nothing is reported')
  await expect(page.locator('#alert-banner .alert-banner')).toContainText('Warnings could not be fully checked')
  await expect(page.locator('#alert-banner .alert-banner')).not.toContainText('No warnings')
})
