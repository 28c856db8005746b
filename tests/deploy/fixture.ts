// A small site laid out exactly as the build lays out dist/ (page paths from routing/page-list.ts, the host
// rule files, hashed assets), with each page's own key in its <title> so tests see which file came back.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { readScope } from '../../src/lib/routing/build-scope.ts'
import { toCloudFrontFunction } from '../../src/lib/edge/cloudfront.ts'
import { toWorker } from '../../src/lib/edge/worker.ts'
import { toNginxConf, toRedirectsFile } from '../../src/lib/routing/host-formats.ts'
import { hostRules } from '../../src/lib/routing/host-rules.ts'
import { localePrefix } from '../../src/lib/routing/routes.ts'
import { sitePages } from '../../src/lib/routing/page-list.ts'
import { securityHeaderBlocks, sourcesFromEnv, toHeadersFile, type PolicyInput } from '../../src/lib/security-headers.ts'
import { startLocalS3, type LocalS3 } from '../../scripts/deploy/local-s3.ts'
import { readDeployConfig, type DeployConfig } from '../../scripts/deploy/config.ts'

/** The file a page is written to, as Astro's file format writes it. */
export const fileOf = (locale: string, path: string): string =>
  `${localePrefix(locale as 'en')}/${path}`
    .replace(/^\//, '')
    .replace(/^(\w\w)\/index$/, '$1')
    .replace(/^index$/, 'index') + '.html'

/** A policy as a build with an API, telemetry and Google sign-in computes it, with one inline script. */
export const POLICY: PolicyInput = {
  ...sourcesFromEnv({
    PUBLIC_API_URL: 'https://api.porchlight.example/',
    PUBLIC_APPINSIGHTS_CONNECTION_STRING:
      'InstrumentationKey=00000000-0000-4000-8000-000000000000;IngestionEndpoint=https://westus-0.in.applicationinsights.azure.com/',
    PUBLIC_GOOGLE_CLIENT_ID: 'client',
  }),
  scriptHashes: ["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"],
}

/** Every page of the test scope's Delaware cities plus Duvall (the default route), in en, es, de, ja. */
export function makeSite(): { root: string; files: string[] } {
  const root = mkdtempSync(join(tmpdir(), 'porchlight-site-'))
  const scope = readScope({ BUILD_STATES: 'wa,de', BUILD_LOCALES: 'en,es,de,ja' })
  const pages = sitePages(readFileSync('public/data/cities.txt', 'utf8'), scope).filter(
    (p) => p.kind !== 'city' || p.city.state === 'DE' || p.city.route === 'wa/duvall',
  )
  const files: string[] = []
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
    files.push(path)
  }
  for (const page of pages) {
    const key = fileOf(page.locale, page.path)
    write(
      key,
      `<!doctype html><html lang="${page.locale}"><head><title>${key}</title></head><body>${'<p>Porchlight</p>'.repeat(40)}</body></html>`,
    )
  }
  const rules = hostRules()
  write('_redirects', toRedirectsFile(rules))
  write('nginx.conf', toNginxConf(rules))
  write('_astro/Layout.BdX3kQ.css', 'body{margin:0}'.repeat(100))
  write('_astro/client.BSdmDzVD.js', 'export const a=1;'.repeat(100))
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>')
  write('robots.txt', 'User-agent: *\nSitemap: https://porchlight.example/sitemap-index.xml\n')
  write('icon.png', '\x89PNG not really')
  write('.well-known/security.txt', 'Contact: mailto:security@porchlight.example\nExpires: 2030-01-01T00:00:00.000Z\n')
  write('_headers', toHeadersFile(securityHeaderBlocks(POLICY)))
  mkdirSync(join(root, '_edge'), { recursive: true })
  writeFileSync(join(root, '_edge/worker.js'), toWorker(rules))
  writeFileSync(join(root, '_edge/cloudfront-function.js'), toCloudFrontFunction(rules))
  return { root, files: files.sort() }
}

export async function startBucket(prefix = 'site'): Promise<{ s3: LocalS3; config: DeployConfig; env: Record<string, string> }> {
  const s3 = await startLocalS3()
  const env = {
    DEPLOY_ENDPOINT: s3.endpoint,
    DEPLOY_BUCKET: s3.bucket,
    DEPLOY_ACCESS_KEY_ID: s3.accessKeyId,
    DEPLOY_SECRET_ACCESS_KEY: s3.secretAccessKey,
    DEPLOY_PREFIX: prefix,
    DEPLOY_REGION: 'auto',
  }
  return { s3, config: readDeployConfig(env), env }
}
