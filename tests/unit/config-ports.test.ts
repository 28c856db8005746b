// One variable moves each local server (issue 38): PORT moves the site, and the API's defaults follow it.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'

const base = { DATA_DIR: mkdtempSync(join(tmpdir(), 'porchlight-config-')), JWT_SECRET: 'x'.repeat(40) }

describe('ports', () => {
  it('takes the site’s origin and the allowed origins from PORT when they are not set', () => {
    const config = loadConfig({ ...base, PORT: '5000' })
    expect(config.siteUrl).toBe('http://localhost:5000')
    expect(config.allowedOrigins).toContain('http://localhost:5000')
  })

  it('keeps 4321 without PORT, and what the operator set over PORT', () => {
    expect(loadConfig(base).siteUrl).toBe('http://localhost:4321')
    const set = loadConfig({
      ...base,
      PORT: '5000',
      SITE_URL: 'https://porchlight.example/',
      ALLOWED_ORIGINS: 'https://porchlight.example',
    })
    expect(set.siteUrl).toBe('https://porchlight.example')
    expect(set.allowedOrigins).toEqual(['https://porchlight.example'])
  })

  it('ignores a PORT that is not a port number', () => {
    expect(loadConfig({ ...base, PORT: '80; evil' }).siteUrl).toBe('http://localhost:4321')
  })
})
