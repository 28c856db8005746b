// A local stand-in for GitHub's OAuth and API endpoints, for the end-to-end tests (no test reaches GitHub).
import { createServer } from 'node:http'

const PORT = Number(process.env['PORT'] ?? 8789)
const TOKEN = 'gho_e2e'

createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://localhost:${PORT}`)
  const send = (status: number, value: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(value))
  }
  let body = ''
  request.on('data', (chunk: Buffer) => (body += chunk.toString()))
  request.on('end', () => {
    const signedIn = request.headers.authorization === `Bearer ${TOKEN}`
    switch (url.pathname) {
      case '/health':
        return send(200, { ok: true })
      case '/login/oauth/authorize': {
        // GitHub asks the visitor, then sends them back with a code and the state it was given.
        const back = new URL(url.searchParams.get('redirect_uri') ?? '')
        back.searchParams.set('code', 'good')
        back.searchParams.set('state', url.searchParams.get('state') ?? '')
        response.writeHead(302, { location: back.toString() })
        return response.end()
      }
      case '/login/oauth/access_token':
        return send(
          200,
          (JSON.parse(body || '{}') as { code?: string }).code === 'good'
            ? { access_token: TOKEN }
            : { error: 'bad_verification_code' },
        )
      case '/user':
        return signedIn ? send(200, { login: 'octo', name: 'Octo Cat' }) : send(401, {})
      case '/user/emails':
        return signedIn ? send(200, [{ email: 'octo@example.org', primary: true, verified: true }]) : send(401, {})
      default:
        return send(404, {})
    }
  })
}).listen(PORT)
