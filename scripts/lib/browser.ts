// Finds a Chromium for the end-to-end tests: Playwright's own, else the system's, else installs one.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

function playwrightOwn(): string | null {
  try {
    const path = chromium.executablePath()
    return existsSync(path) ? path : null
  } catch {
    return null
  }
}

const system = (): string | null => SYSTEM.find((path) => existsSync(path)) ?? null

/** Returns a Chromium executable path, installing Chromium when none is found (and saying so). */
export function findChromium(): string {
  const found = process.env['CHROMIUM_PATH'] || playwrightOwn() || system()
  if (found) return found
  const hasApt = existsSync('/usr/bin/apt-get') && process.getuid?.() === 0
  if (hasApt) {
    console.log('test: no Chromium found; installing Debian chromium with apt-get')
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  } else {
    console.log('test: no Chromium found; installing Playwright chromium (npx playwright install chromium)')
    execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' })
  }
  const installed = playwrightOwn() || system()
  if (!installed) throw new Error('test: could not find or install Chromium')
  return installed
}
