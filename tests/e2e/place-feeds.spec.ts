// A place's feeds on its pages (issue 38): Atom and JSON Feed linked in the head, a small visible link under the
// statuses and roads lists, in the page's language; the JSON link answers JSON Feed 1.1.
import { expect, test } from '@playwright/test'

test('the statuses and roads pages link their Atom and JSON feeds, in the head and under the list', async ({ page, request }) => {
  await page.goto('/es/wa/duvall/statuses')
  const atom = page.locator('head link[rel="alternate"][type="application/atom+xml"]')
  const json = page.locator('head link[rel="alternate"][type="application/feed+json"]')
  await expect(atom).toHaveAttribute('href', /\/api\/feeds\/wa\/duvall\/statuses\.atom\?lang=es$/)
  await expect(json).toHaveAttribute('href', /\/api\/feeds\/wa\/duvall\/statuses\.json\?lang=es$/)
  const links = page.locator('.feed-links')
  await expect(links).toContainText('Seguir en un lector de feeds:')
  await expect(links.getByRole('link', { name: 'JSON Feed' })).toHaveAttribute('href', (await json.getAttribute('href'))!)
  const feed = (await (await request.get((await json.getAttribute('href'))!)).json()) as Record<string, unknown>
  expect(feed).toMatchObject({ version: 'https://jsonfeed.org/version/1.1', language: 'es' })

  await page.goto('/wa/duvall/roads')
  await expect(page.locator('.feed-links').getByRole('link', { name: 'Atom' })).toHaveAttribute(
    'href',
    /\/api\/feeds\/wa\/duvall\/roads\.atom$/,
  )
  // The weather page follows statuses in its head, without a link in its page.
  await page.goto('/wa/duvall')
  await expect(page.locator('head link[type="application/feed+json"]')).toHaveAttribute('href', /statuses\.json$/)
  await expect(page.locator('.feed-links')).toHaveCount(0)
})
