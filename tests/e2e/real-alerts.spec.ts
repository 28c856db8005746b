// An alert's whole message on the statuses page (issue 37): "What to do" in full right after the headline, a long
// description folded behind "Show full message" (a <details>, so nothing moves until it is opened). The feeds API
// reads tests/e2e/feed-server.ts's recorded NWS and IPAWS answers (the real samples of tests/fixtures/real/ are
// dated 2019 and 2024, ended for a live API; their rules are checked through the API in tests/api/feeds-real-*.test.ts).
import { expect, test } from '@playwright/test'
import { titlesAt, toFeedsApi } from './feeds-api.ts'
import { serveProviders } from './providers.ts'

const EVACUATION = 'Evacuation Immediate: Duvall and the lower Snoqualmie Valley'
const WIND = 'High Wind Warning: Seattle and Vicinity, Everett and Vicinity'

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000)
  await expect.poll(async () => titlesAt(request, 'statuses', 47.74, -121.99), { timeout: 60_000 }).toContain(EVACUATION)
})

test.beforeEach(async ({ page }) => {
  await serveProviders(page)
  await toFeedsApi(page)
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
})

test('an evacuation order shows what to do in full, before its description', async ({ page }) => {
  await page.goto('/wa/duvall/statuses')
  const item = page.locator('#statuses-list .live-item', { hasText: EVACUATION })
  const todo = item.getByRole('region', { name: 'What to do' })
  await expect(todo).toContainText('Leave now by Duvall-Monroe Road. Shelter at Cedarcrest High School, 29000 NE 150th St.', {
    timeout: 20_000,
  })
  const description = item.getByText('The Snoqualmie River levee has breached north of Duvall', { exact: false })
  const [todoBox, descriptionBox] = [await todo.boundingBox(), await description.boundingBox()]
  expect(todoBox!.y).toBeLessThan(descriptionBox!.y)
})

test('a long warning folds its description behind a real control, and opening it moves nothing above', async ({ page }) => {
  await page.goto('/wa/seattle/statuses')
  const item = page.locator('#statuses-list .live-item', { hasText: WIND })
  await expect(item.getByRole('region', { name: 'What to do' })).toContainText('Remain in the lower levels of your home', {
    timeout: 20_000,
  })
  const fold = item.locator('details.live-full')
  await expect(fold.locator('summary')).toHaveText('Show full message')
  await expect(item.getByText('* IMPACTS...', { exact: false })).toBeHidden()
  const before = await item.getByRole('region', { name: 'What to do' }).boundingBox()
  await fold.locator('summary').click()
  await expect(item.getByText('* IMPACTS...', { exact: false })).toBeVisible()
  await expect(item.getByText('Areas: Seattle and Vicinity, Everett and Vicinity')).toBeVisible()
  expect(await item.getByRole('region', { name: 'What to do' }).boundingBox()).toEqual(before)
  // The keyboard opens and closes it too.
  await fold.locator('summary').focus()
  await page.keyboard.press('Enter')
  await expect(item.getByText('* IMPACTS...', { exact: false })).toBeHidden()
})
