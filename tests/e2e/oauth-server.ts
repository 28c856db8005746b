// A local stand-in for GitHub's OAuth and API endpoints and for Google Identity Services, for the
// end-to-end tests (no test reaches GitHub or Google).
import { createServer } from 'node:http'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'

const PORT = Number(process.env['PORT'] ?? 8789)
const TOKEN = 'gho_e2e'
const ORIGIN = `http://localhost:${PORT}`

// Google signs ID tokens with RS256; this key pair, made at start, stands in for its keys.
const { publicKey, privateKey } = await generateKeyPair('RS256')
const KID = 'e2e-google-key'
const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' }] }

/** An ID token as Google issues it; a test picks the email and may ask for another audience. */
function idToken(query: URLSearchParams): Promise<string> {
  const email = query.get('email') ?? 'octo@example.org'
  return new SignJWT({ email, email_verified: true, name: query.get('name') ?? email })
    .setProtectedHeader({ alg: 'RS256', kid: KID })
    .setIssuer('https://accounts.google.com')
    .setAudience(query.get('aud') ?? 'e2e-google')
    .setSubject(`e2e-${email}`)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey)
}

// google.accounts.id with a plain button: a click fetches a token for what the page put in
// window.gsiTest ({ email, name, aud }) and hands it to the callback given to initialize.
const GSI_SCRIPT = `(() => {
  let config = null
  const id = {
    initialize(options) { config = options },
    renderButton(parent, options) {
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = 'Sign in with Google (test)'
      button.dataset.locale = options.locale
      button.addEventListener('click', async () => {
        // Under Google's folder, as the real script's calls are: the site's CSP allows only that (connect-src).
        const answer = await fetch('${ORIGIN}/gsi/id-token?' + new URLSearchParams(window.gsiTest || {}))
        config.callback({ credential: await answer.text(), select_by: 'btn' })
      })
      parent.replaceChildren(button)
    },
  }
  window.google = { accounts: { id } }
})()
`

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
      case '/gsi/client':
        response.writeHead(200, { 'content-type': 'text/javascript' })
        return response.end(GSI_SCRIPT)
      case '/google/certs':
        return send(200, jwks)
      case '/gsi/id-token':
        return void idToken(url.searchParams).then((token) => {
          response.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' })
          response.end(token)
        })
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
