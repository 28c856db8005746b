import type { APIRoute } from 'astro'

export const GET: APIRoute = ({ site }) => {
  const base = site?.href.replace(/\/$/, '') ?? ''
  const body = [
    'User-agent: *',
    'Disallow: /z/shell/',
    'Disallow: /editor',
    'Allow: /',
    '',
    `Sitemap: ${base}/sitemap-index.xml`,
    '',
  ]
  return new Response(body.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8' } })
}
