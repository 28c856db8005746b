// Another site that embeds the widget (tests/e2e/embed.spec.ts): a town's page on its own origin,
// with the one line of HTML the "Put this on your website" page gives, and a secret in its storage.
// GET /page?widget=<the widget's address>[&w=360&h=420] answers that page (the frame's size); GET /health answers ok.
import { createServer } from 'node:http'

const PORT = Number(process.env['PORT'] ?? 4326)

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://localhost:${PORT}`)
  if (url.pathname === '/health') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
  if (url.pathname !== '/page') return void response.writeHead(404).end()
  const widget = url.searchParams.get('widget') ?? ''
  const size = (name: string, fallback: number) => Math.min(2000, Number(url.searchParams.get(name)) || fallback)
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  response.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Town of Duvall</title></head>
<body>
<h1>Town of Duvall</h1>
<script>localStorage.setItem('town-secret', 'embedder-only')</script>
<iframe id="porchlight" src="${escape(widget)}" title="Duvall statuses" width="${size('w', 360)}" height="${size('h', 420)}" style="border:0"></iframe>
</body></html>`)
}).listen(PORT)
