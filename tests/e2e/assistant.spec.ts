import { axe } from './axe.ts'
import { expect, test, type Page } from '@playwright/test'
import { serveProviders } from './providers.ts'

/** 21:20 on Thursday 15 January 2026 in Duvall: the hour the recorded forecast was taken. */
const RECORDED = new Date('2026-01-16T05:20:00Z')
const ASSISTANT_CODE = /\/_astro\/[^/]*assistant[^/]*\.js$/

/** A page in a language, on the recorded clock, counting storage writes once `watch` is on. */
async function start(page: Page, language: 'en' | 'es', theme: 'dark' | 'light' = 'dark') {
  await page.addInitScript(
    ([l, t]) => {
      localStorage.setItem('i18nextLng', l)
      localStorage.setItem('porchlight:settings', JSON.stringify({ version: 1, theme: t, language: l }))
      const writes: string[] = []
      Object.assign(window, { storageWrites: writes, watchStorage: false })
      // Both storages share this prototype; every write goes through one of these.
      const methods = Storage.prototype as unknown as Record<string, (this: Storage, ...args: unknown[]) => unknown>
      for (const name of ['setItem', 'removeItem', 'clear']) {
        const original = methods[name]
        if (!original) continue
        methods[name] = function (this: Storage, ...args: unknown[]) {
          if ((window as unknown as { watchStorage: boolean }).watchStorage) writes.push([name, ...args.map(String)].join(' '))
          return original.apply(this, args)
        }
      }
    },
    [language, theme] as const,
  )
  await page.clock.install({ time: RECORDED })
  await serveProviders(page)
  const requested: string[] = []
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))
  const alerts: string[] = []
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message())
    void dialog.dismiss()
  })
  return { requested, alerts }
}

const panel = (page: Page, name: string) => page.getByRole('dialog', { name })
const lastAnswer = (page: Page) => page.locator('.assistant-turn').last().locator('.assistant-a')

async function ask(page: Page, question: string, send = 'Send') {
  await page.locator('#assistant-input').fill(question)
  await page.locator('.assistant-form').getByRole('button', { name: send }).click()
  await expect(page.locator('.assistant-turn').last().locator('.assistant-thinking')).toHaveCount(0)
}

test('answers from the page data with its age, says what it does not know, and keeps nothing', async ({ page }) => {
  const { requested, alerts } = await start(page, 'en')
  // The test API has no model: the panel asks once whether it has one and sends it no question (no 404s).
  const modelCalls: string[] = []
  page.on('response', (response) => {
    if (response.url().includes('/api/assistant')) modelCalls.push(`${response.request().method()} ${response.status()}`)
  })
  await page.goto('/wa/duvall')
  await expect(page.locator('#wx-current .now-temp')).toHaveText(/°F$/)
  const button = page.getByRole('button', { name: 'Assistant', exact: true })
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  expect(requested.filter((path) => ASSISTANT_CODE.test(path))).toEqual([])

  await page.evaluate(() => Object.assign(window, { watchStorage: true }))
  await button.click()
  const dialog = panel(page, 'Ask Porchlight')
  await expect(dialog).toBeVisible()
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  expect(requested.filter((path) => ASSISTANT_CODE.test(path)).length).toBeGreaterThan(0)
  const input = dialog.getByLabel('Your question')
  await expect(input).toBeFocused()
  await expect(input).toHaveAttribute('placeholder', 'Ask about weather...')
  await expect(dialog.getByRole('list', { name: 'Try asking' }).getByRole('button')).toHaveCount(4)

  await ask(page, 'Will it rain tomorrow?')
  await expect(lastAnswer(page)).toContainText('Tomorrow in Duvall, WA: 80% chance of precipitation, a total of about 0.2 in')
  await expect(lastAnswer(page).locator('.assistant-cite')).toHaveText('From the forecast updated now.')

  await page.clock.fastForward('05:00')
  await ask(page, 'Is it windy?')
  expect(modelCalls).toEqual(['GET 200'])
  await expect(lastAnswer(page)).toContainText('Wind in Duvall, WA right now: 4 mph from the south, gusts up to 12 mph.')
  await expect(lastAnswer(page).locator('.assistant-cite')).toHaveText('From the forecast updated 5 minutes ago.')

  // Porchlight's own API with its demo set, at 21:25 on a Thursday in Duvall.
  await ask(page, 'Which businesses are open now?')
  await expect(lastAnswer(page)).toContainText('[Demo] Valley Hop Taproom (until 10:00 PM)')
  await expect(lastAnswer(page)).not.toContainText('Stella Street Pizza')
  await expect(lastAnswer(page).locator('.assistant-cite')).toContainText("From Porchlight's local data updated")

  await ask(page, 'Who won the football game?')
  await expect(lastAnswer(page)).toContainText('Sorry, that is outside what I know.')
  await expect(lastAnswer(page).locator('.assistant-cite')).toHaveCount(0)

  const script = '<img src=x onerror=alert(1)>'
  await ask(page, script)
  await expect(page.locator('.assistant-turn').last().locator('.assistant-q')).toHaveText(`You: ${script}`)
  await expect(dialog.locator('img')).toHaveCount(0)

  await input.fill('x'.repeat(400))
  await expect(input).toHaveValue('x'.repeat(300))
  await expect(dialog).toContainText('300 of 300 characters')

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(button).toBeFocused()
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await button.click()
  await expect(page.locator('.assistant-turn')).toHaveCount(5)

  // The usage telemetry SDK keeps its own send buffers (AI_*) and probes storage with a key it removes at once;
  // besides those, nothing is written, and nothing written holds a question or an answer.
  const writes = await page.evaluate(() => (window as unknown as { storageWrites: string[] }).storageWrites)
  const probes = new Set(
    writes.filter((write) => write.startsWith('removeItem ')).map((write) => write.slice('removeItem '.length)),
  )
  const others = writes.filter((write) => {
    const key = write.split(' ').slice(1).join(' ')
    return !/^(setItem|removeItem) AI_/.test(write) && ![...probes].some((probe) => key.startsWith(probe))
  })
  expect(others).toEqual([])
  for (const text of ['rain tomorrow', 'windy', 'football', 'onerror', 'Duvall, WA'])
    expect(writes.filter((write) => write.includes(text))).toEqual([])
  expect(alerts).toEqual([])
  await page.reload()
  await page.getByRole('button', { name: 'Assistant', exact: true }).click()
  await expect(panel(page, 'Ask Porchlight')).toContainText('Nothing is saved')
  await expect(page.locator('.assistant-turn')).toHaveCount(0)
})

test('answers in Spanish on a Spanish page, from an example question', async ({ page }) => {
  await start(page, 'es')
  await page.goto('/es/wa/duvall')
  await expect(page.locator('#wx-current .now-temp')).toHaveText(/°F$/)
  await page.getByRole('button', { name: 'Asistente', exact: true }).click()
  const dialog = panel(page, 'Pregunte a Porchlight')
  await expect(dialog.getByLabel('Su pregunta')).toHaveAttribute('placeholder', 'Pregunte por el tiempo...')
  await dialog.getByRole('button', { name: '¿Qué negocios están abiertos ahora?' }).click()
  await expect(lastAnswer(page)).toContainText('Abiertos ahora cerca de Duvall, WA: [Demo] Valley Hop Taproom (hasta las 22:00)')
  await ask(page, '¿Lloverá mañana?', 'Enviar')
  await expect(lastAnswer(page)).toContainText(/Mañana en Duvall, WA: 80\s%\sde probabilidad de precipitación/)
  await expect(lastAnswer(page).locator('.assistant-cite')).toHaveText('Según el pronóstico actualizado ahora.')
})

test('uses the API model when it answers, and its own answers when it fails', async ({ page }) => {
  await start(page, 'en')
  let model: 'ok' | 'down' = 'ok'
  const sent: unknown[] = []
  await page.route('http://localhost:8788/api/assistant', async (route) => {
    // The API client sends credentials (the refresh cookie), so CORS must name the origin and allow them.
    const headers = { 'access-control-allow-origin': 'http://localhost:4322', 'access-control-allow-credentials': 'true' }
    if (route.request().method() === 'GET') return route.fulfill({ status: 200, json: { configured: true }, headers })
    sent.push(route.request().postDataJSON())
    if (model === 'down') return route.fulfill({ status: 502, json: { error: 'Assistant unavailable' }, headers })
    return route.fulfill({ status: 200, json: { answer: '<b>Dry</b> until midnight, from the forecast updated now.' }, headers })
  })
  await page.goto('/wa/duvall')
  await expect(page.locator('#wx-current .now-temp')).toHaveText(/°F$/)
  await page.getByRole('button', { name: 'Assistant', exact: true }).click()
  await ask(page, 'Should I bring an umbrella tonight?')
  await expect(lastAnswer(page).locator('p').first()).toHaveText(
    'Assistant: <b>Dry</b> until midnight, from the forecast updated now.',
  )
  await expect(lastAnswer(page).locator('.assistant-cite')).toHaveText("Written by a language model from this page's data.")
  expect(sent[0]).toMatchObject({ question: 'Should I bring an umbrella tonight?', language: 'en' })
  expect(String((sent[0] as { summary: string }).summary)).toContain('Place: Duvall, WA')
  model = 'down'
  await ask(page, 'Should I bring an umbrella tonight?')
  await expect(lastAnswer(page)).toContainText('Tonight in Duvall, WA: precipitation is likely')
})

test('on a phone the button sits in the header and the panel leaves the tab bar free', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await start(page, 'en')
  await page.goto('/wa/duvall')
  const button = page.getByRole('button', { name: 'Assistant', exact: true })
  const header = (await page.locator('header.top').boundingBox())!
  const box = (await button.boundingBox())!
  expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height)
  const search = (await page.locator('#search-toggle').boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(search.x + search.width)
  await button.click()
  const dialog = (await panel(page, 'Ask Porchlight').boundingBox())!
  const tabs = (await page.locator('nav.tabs').boundingBox())!
  expect(dialog.y).toBeGreaterThanOrEqual(header.y + header.height - 1)
  expect(dialog.y + dialog.height).toBeLessThanOrEqual(tabs.y + 1)
  await expect(page.locator('nav.tabs').getByRole('link', { name: 'Roads' })).toBeVisible()
})

for (const theme of ['dark', 'light'] as const) {
  test(`the open panel has no axe violations (${theme})`, async ({ page }) => {
    await start(page, 'en', theme)
    await page.goto('/wa/duvall/statuses')
    await page.getByRole('button', { name: 'Assistant', exact: true }).click()
    await ask(page, 'Are schools closed?')
    await expect(lastAnswer(page)).toContainText('Cedarcrest High School')
    const results = await axe(page)
      .include('#assistant-panel')
      .include('#assistant-toggle')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })
}
