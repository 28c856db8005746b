// Finds a Chromium: Playwright's own, else the system's, else installs one (docs/testing.md).
// The tests prefer Chromium's headless shell, the build Playwright itself runs headless pages in: measured here
// on 39 end-to-end tests, 114 CPU s against 186 for the full browser in its headless mode (docs/testing.md).
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']
const SYSTEM_SHELL = ['/usr/bin/chromium-headless-shell']

function playwrightOwn(): string | null {
  try {
    const path = chromium.executablePath()
    return existsSync(path) ? path : null
  } catch {
    return null
  }
}

/** Playwright's own headless shell (`npx playwright install chromium` brings it beside the browser), if any. */
function playwrightShell(): string | null {
  const root = process.env['PLAYWRIGHT_BROWSERS_PATH'] || join(homedir(), '.cache', 'ms-playwright')
  if (!existsSync(root)) return null
  for (const folder of readdirSync(root)
    .filter((name) => name.startsWith('chromium_headless_shell-'))
    .sort()
    .reverse())
    for (const platform of readdirSync(join(root, folder))) {
      const path = ['headless_shell', 'chrome-headless-shell']
        .map((name) => join(root, folder, platform, name))
        .find((candidate) => existsSync(candidate))
      if (path) return path
    }
  return null
}

const first = (paths: string[]): string | null => paths.find((path) => existsSync(path)) ?? null

/** Installs Debian's packages where apt is the way, else Playwright's Chromium (its headless shell comes with it), saying so. */
function install(packages: string[]): void {
  if (existsSync('/usr/bin/apt-get') && process.getuid?.() === 0) {
    console.log(`test: installing Debian ${packages.join(' and ')} with apt-get`)
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  } else {
    console.log('test: installing Playwright chromium (npx playwright install chromium)')
    execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' })
  }
}

/** Returns the full Chromium's executable path (Lighthouse measures in it), installing Chromium when none is found. */
export function findChromium(): string {
  const found = process.env['CHROMIUM_PATH'] || playwrightOwn() || first(SYSTEM)
  if (found) return found
  console.log('test: no Chromium found')
  install(['chromium'])
  const installed = playwrightOwn() || first(SYSTEM)
  if (!installed) throw new Error('test: could not find or install Chromium')
  return installed
}

/**
 * Returns the browser the tests run in: Chromium's headless shell where it is or can be installed, else the full
 * Chromium in its headless mode (the same pages, at more CPU a load).
 */
export function findTestBrowser(): string {
  const found = process.env['CHROMIUM_PATH'] || playwrightShell() || first(SYSTEM_SHELL)
  if (found) return found
  console.log('test: no Chromium headless shell found')
  try {
    install(['chromium-headless-shell'])
  } catch (error) {
    console.log(`test: could not install the headless shell (${String(error)}); the full Chromium runs the tests`)
  }
  return playwrightShell() || first(SYSTEM_SHELL) || findChromium()
}
