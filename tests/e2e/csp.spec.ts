// Every page type under the security headers npm run serve sends from the build's _headers
// (src/lib/security-headers.ts): no Content-Security-Policy violation, in events or on the console.
import { expect, test, type Page } from '@playwright/test'
import { serveProviders } from './providers.ts'

const PAGES = [
  '/wa/duvall',
  '/wa/duvall/statuses',
  '/wa/duvall/cameras',
  '/wa/duvall/roads',
  '/wa/duvall/local',
  '/wa/duvall/page',
  '/es/wa/duvall',
  '/z/47.74/-121.98',
  '/z/47.74/-121.98/roads',
  '/settings',
  '/editor',
  '/login',
  '/page',
  '/reset/some-token',
  '/no/such/place',
]

/** Collects CSP violations as the page reports them (event) and as Chromium logs them (console). */
async function watch(page: Page): Promise<string[]> {
  const seen: string[] = []
  await page.exposeFunction('__cspViolation', (text: string) => void seen.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation
      void report(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`)
    })
  })
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) seen.push(`console: ${message.text()}`)
  })
  return seen
}

for (const path of PAGES)
  test(`${path} runs under the CSP with no violation`, async ({ page }) => {
    await serveProviders(page)
    const violations = await watch(page)
    const response = await page.goto(path)
    const headers = (await response?.allHeaders()) ?? {}
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(headers['content-security-policy']).not.toContain('unsafe-inline')
    expect(headers['x-frame-options']).toBe('DENY')
    // The islands hydrate (the first script ran, hydration set its marks) and late requests go out.
    await expect(page.locator('html')).toHaveAttribute('data-theme', /.+/)
    await page.waitForLoadState('networkidle').catch(() => undefined)
    await page.waitForTimeout(500)
    expect(violations).toEqual([])
  })

test('the login page loads Google sign-in under the CSP', async ({ page }) => {
  const violations = await watch(page)
  await page.goto('/login')
  await page.waitForLoadState('networkidle').catch(() => undefined)
  expect(violations).toEqual([])
})
