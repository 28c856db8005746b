// Long lists (issue 28): 100 statuses and 100 road items around one place. The most pressing item
// opens the page, the rest folds by group with counts, a filter narrows the list and survives a reload.
import { expect, test } from '@playwright/test'
import type { AlertItem } from '../../src/lib/items.ts'
import { serveProviders } from './providers.ts'

const reactionRoute = /localhost:8788\/api\/reaction/
const CATEGORIES = ['traffic', 'school', 'services', 'weather', 'local', 'other']
const PRIORITIES = ['Info', 'Normal', 'Low', 'Medium', 'Warning', 'High']

function item(id: number, fields: Partial<AlertItem>): AlertItem {
  return {
    id,
    priority: 'Info',
    stateType: null,
    state: 'Active',
    title: `Item ${id}`,
    class: null,
    data: {
      lines: [`Line of item ${id} describing what happens near the place.`],
      classes: [],
      location: null,
      status: null,
      dataTemplate: null,
      specialData: null,
      lockResultUntil: null,
    },
    image: null,
    link: `https://example.test/items/${id}`,
    icon: null,
    dataLink: null,
    dataLinkType: null,
    distance: 1 + id / 10,
    valueChanged: null,
    retrieved: new Date(Date.now() - 60_000 * id).toISOString(),
    isOld: false,
    dataCategory: 'traffic',
    category: null,
    dataAspect: 'statuses',
    dataProperty: 'manager',
    lat: 47.74,
    lon: -121.98,
    pageName: 'wa/duvall',
    cityName: 'Duvall',
    ...fields,
  }
}

// Statuses: Info and the like spread over every category; the one Critical item is the 90th, in Weather.
const statuses = Array.from({ length: 100 }, (_, i) =>
  i === 89
    ? item(1000 + i, { priority: 'Critical', title: 'Flash flood warning for the valley', dataCategory: 'weather' })
    : item(1000 + i, {
        priority: PRIORITIES[Math.floor(i / 6) % PRIORITIES.length]!,
        title: `Status ${i}: timetable note`,
        dataCategory: CATEGORIES[i % CATEGORIES.length]!,
      }),
)
// Roads: the closed bridge is the 80th, behind 79 Info items of road work.
const roads = Array.from({ length: 100 }, (_, i) =>
  item(3000 + i, {
    dataAspect: 'roads',
    dataCategory: null,
    priority: i === 79 ? 'Critical' : i % 10 === 0 ? 'Warning' : 'Info',
    state: i === 79 ? 'Closed' : 'Active',
    title: i === 79 ? 'SR 203 bridge closed' : `Road work ${i} on Main Street`,
  }),
)
const answer = {
  statuses: { messages: statuses },
  roads: { messages: roads },
  cameras: { messages: [] },
  local: { messages: [] },
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 915 })
  await page.addInitScript(() => localStorage.getItem('i18nextLng') || localStorage.setItem('i18nextLng', 'en'))
  await serveProviders(page)
  await page.route(reactionRoute, (route) => route.fulfill({ json: answer }))
})

test('100 statuses: the Critical item opens the list, the rest folds by group with counts', async ({ page }) => {
  await page.goto('/wa/duvall/statuses')
  const list = page.locator('#statuses-list')
  const first = list.locator('.live-item').first()
  await expect(first).toContainText('Flash flood warning for the valley')
  await expect(list.getByRole('heading', { level: 3 }).first()).toHaveText('Weather')
  // On the first screen of a 412 px phone.
  const box = await first.boundingBox()
  expect(box!.y + box!.height).toBeLessThan(915)
  // Three items a group; the rest behind one button per group, with its count.
  const folds = list.locator('.fold-btn')
  await expect(folds).toHaveCount(6)
  await expect(folds.first()).toHaveText('15 more in Weather')
  await expect(folds.first()).toHaveAttribute('aria-expanded', 'false')
  expect(await list.locator('.live-item').count()).toBe(18)
  // Not a wall: the phone page stays a few screens tall.
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  expect(height).toBeLessThan(915 * 8)
  // Keyboard: the fold opens in place and says so.
  await folds.first().focus()
  await page.keyboard.press('Enter')
  await expect(folds.first()).toHaveAttribute('aria-expanded', 'true')
  expect(await list.locator('.live-item').count()).toBe(33)
  // The row is the link: the title's link covers it, in the text's colour, not underlined.
  const link = first.getByRole('link', { name: 'Flash flood warning for the valley' })
  await expect(link).toHaveCSS('text-decoration-line', 'none')
})

test('the statuses filter narrows by priority and kind and survives a reload', async ({ page }) => {
  await page.goto('/wa/duvall/statuses')
  const list = page.locator('#statuses-list')
  await expect(list.locator('.live-item').first()).toContainText('Flash flood warning')
  await list.getByLabel('Priority').selectOption('critical')
  await expect(list.locator('.live-item')).toHaveCount(1)
  await expect(page).toHaveURL(/#prio=critical$/)
  await list.getByLabel('Priority').selectOption('warning')
  await list.getByLabel('Kind').selectOption('school')
  await expect(list.getByRole('heading', { level: 3 })).toHaveText(['Schools'])
  await page.reload()
  await expect(list.getByLabel('Priority')).toHaveValue('warning')
  await expect(list.getByLabel('Kind')).toHaveValue('school')
  // Five Schools items are Warning or above: three shown, two folded, none below Warning.
  await expect(list.locator('.fold-btn')).toHaveText(['2 more in Schools'])
  const tags = await list.locator('.tag.prio').allTextContents()
  expect(tags.length).toBe(3)
  for (const tag of tags) expect(['Critical', 'Urgent', 'Warning']).toContain(tag)
  await list.getByLabel('Kind').selectOption('local')
  await list.getByLabel('Priority').selectOption('critical')
  await expect(list).toContainText('Nothing matches this filter.')
  await list.getByRole('button', { name: 'Show everything' }).click()
  await expect(list.locator('.live-item').first()).toContainText('Flash flood warning')
  await expect(page).toHaveURL(/\/statuses$/)
})

test('100 road items: the closed bridge opens the list, the rest folds by priority', async ({ page }) => {
  await page.goto('/wa/duvall/roads')
  const list = page.locator('#roads-list')
  const first = list.locator('.road').first()
  await expect(first).toContainText('SR 203 bridge closed')
  const box = await first.boundingBox()
  expect(box!.y).toBeLessThan(915)
  const folds = list.locator('.fold-btn')
  await expect(folds).toHaveText(['Warning: 6 more', 'Info: 89 more'])
  expect(await list.locator('.road').count()).toBe(5)
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  expect(height).toBeLessThan(915 * 8)
  await list.getByLabel('Priority').selectOption('warning')
  await expect(list.locator('.road')).toHaveCount(5)
  await expect(folds).toHaveText(['Warning: 6 more'])
  await folds.first().click()
  await expect(list.locator('.road')).toHaveCount(11)
})
