import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AstroIntegration } from 'astro'
import { loadEnv } from 'vite'
import { toAzureJson, toNginxConf, toRedirectsFile, toVercelJson } from '../lib/routing/host-formats.ts'
import { hostRules, isSameOriginPath, matchRule } from '../lib/routing/host-rules.ts'
import { toCloudFrontFunction } from '../lib/edge/cloudfront.ts'
import { toWorker } from '../lib/edge/worker.ts'
import { inlineScriptHashes, securityHeaderBlocks, sourcesFromEnv, toHeadersFile } from '../lib/security-headers.ts'

/** Each build process's inline-script hashes, under _edge/ (never deployed nor served), joined by writeHostFiles. */
const HASHES = /^csp-hashes\.\d+\.json$/

/** The CSP hashes of every executable inline script in the HTML files under `dir`. */
function scanInlineScripts(dir: string): string[] {
  const hashes = new Set<string>()
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && entry.name.endsWith('.html') && !entry.parentPath.includes(`${join(dir, '_edge')}`))
      for (const hash of inlineScriptHashes(readFileSync(join(entry.parentPath, entry.name), 'utf8'))) hashes.add(hash)
  return [...hashes].sort()
}

/**
 * Writes the host files of a build folder: the rules and the security headers (src/lib/security-headers.ts)
 * in every host format. The CSP allows the inline scripts of every build process's pages (the
 * `_edge/csp-hashes.N.json` each wrote), so scripts/build.ts calls this again after joining its shards.
 */
export function writeHostFiles(dir: string): void {
  const rules = hostRules()
  const edge = join(dir, '_edge')
  mkdirSync(edge, { recursive: true })
  const scriptHashes = [
    ...new Set(
      readdirSync(edge)
        .filter((name) => HASHES.test(name))
        .flatMap((name) => JSON.parse(readFileSync(join(edge, name), 'utf8')) as string[]),
    ),
  ].sort()
  const env = { ...loadEnv('production', process.cwd(), 'PUBLIC_'), ...process.env }
  const blocks = securityHeaderBlocks({ ...sourcesFromEnv(env), scriptHashes })
  writeFileSync(join(dir, '_redirects'), toRedirectsFile(rules))
  writeFileSync(join(dir, '_headers'), toHeadersFile(blocks))
  writeFileSync(join(dir, 'vercel.json'), toVercelJson(rules, blocks))
  writeFileSync(join(dir, 'staticwebapp.config.json'), toAzureJson(blocks))
  writeFileSync(join(dir, 'nginx.conf'), toNginxConf(rules, blocks))
  // The same rules at the edge, for `npm run deploy` to object storage (docs/deploying.md); not uploaded.
  writeFileSync(join(edge, 'cloudfront-function.js'), toCloudFrontFunction(rules, blocks))
  writeFileSync(join(edge, 'worker.js'), toWorker(rules, blocks))
}

/**
 * Writes the redirect and rewrite rules and the security headers for real static hosts after a build,
 * and applies the same rules in `astro dev`, so every environment resolves aliases and coordinate routes alike.
 */
export function hostRulesIntegration(): AstroIntegration {
  const rules = hostRules()
  return {
    name: 'porchlight:host-rules',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, res, next) => {
          const url = new URL(req.url ?? '/', 'http://localhost')
          // Leave Vite's own requests and files alone; /z/47.74/-121.99 is a route, not a file.
          if (url.pathname.startsWith('/@') || /\.[a-z][a-z0-9]*$/i.test(url.pathname)) return next()
          const hit = matchRule(rules, url.pathname)
          // Rules only match safe segments; the check keeps any future rule from sending visitors off-site.
          if (!hit || !isSameOriginPath(hit.to)) return next()
          if (hit.status === 200) req.url = hit.to + url.search
          else return void res.writeHead(hit.status, { location: hit.to + url.search }).end()
          next()
        })
      },
      'astro:build:done': ({ dir }) => {
        const root = fileURLToPath(dir).replace(/\/$/, '')
        const shard = /^(\d+)\//.exec(process.env['BUILD_SHARD'] ?? '')?.[1] ?? '0'
        mkdirSync(join(root, '_edge'), { recursive: true })
        writeFileSync(join(root, '_edge', `csp-hashes.${shard}.json`), JSON.stringify(scanInlineScripts(root)))
        writeHostFiles(root)
      },
    },
  }
}
