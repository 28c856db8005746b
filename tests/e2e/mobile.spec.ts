import { expect, test } from '@playwright/test'

test('mobile has a coloured header, a tab bar and a search toggle', async ({ page }) => {
  await page.goto('/wa/duvall/statuses')
  const header = page.getByRole('banner')
  await expect(header).toContainText('Duvall, WA')
  await expect(header).toHaveCSS('background-color', 'rgb(198, 40, 40)')
  const tabs = page.locator('nav.tabs')
  await expect(tabs.getByRole('link', { name: 'Statuses' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('combobox')).toBeHidden()
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('combobox')).toBeFocused()
  await page.getByRole('combobox').fill('carna')
  await page.getByRole('option', { name: /Carnation, WA/ }).click()
  await expect(page).toHaveURL(/\/wa\/carnation\/statuses$/)
})

test('the page does not scroll sideways', async ({ page }) => {
  for (const path of ['/wa/duvall', '/wa/duvall/local', '/ja/wa/duvall/roads']) {
    await page.goto(path)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  }
})

test('the tab bar has the dashboard, the footer the sign-in entry, the place its pin', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  await page.goto('/wa/duvall/roads')
  const tabs = page.locator('nav.tabs')
  // Four tabs and "More" (issue 28): the dashboard opens from "More".
  await tabs.getByText('More').click()
  await expect(tabs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/wa/duvall/page')
  await expect(page.locator('footer [data-account]').getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pin this place' })).toBeVisible()
  await expect(page.locator('#gps-side')).toBeHidden()
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
})
