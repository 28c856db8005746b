// A local stand-in for Google's keys and token endpoint and GitHub's OAuth and API, so tests never go online.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT, exportJWK, generateKeyPair } from 'jose'

export const GOOGLE_CLIENT_ID = 'porchlight-test.apps.googleusercontent.com'

export async function startOAuthFake() {
  const { publicKey, privateKey } = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
  const googleToken = (claims: Record<string, unknown>, audience = GOOGLE_CLIENT_ID) =>
    new SignJWT({ email: 'ana@example.org', email_verified: true, name: 'Ana', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer('https://accounts.google.com')
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey)

  const validIdToken = await googleToken({ email: 'gail@example.org', name: 'Gail' })
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(value))
      }
      const auth = request.headers.authorization
      switch (request.url) {
        case '/google/certs':
          return send(200, { keys: [jwk] })
        case '/google/token':
          return JSON.parse(body).code === 'good' ? send(200, { id_token: validIdToken }) : send(400, { error: 'invalid_grant' })
        case '/github/login/oauth/access_token':
          return JSON.parse(body).code === 'good'
            ? send(200, { access_token: 'gho_good' })
            : send(200, { error: 'bad_verification_code' })
        case '/api/user':
          return auth === 'Bearer gho_good' ? send(200, { login: 'octo', name: 'Octo Cat' }) : send(401, {})
        case '/api/user/emails':
          return auth === 'Bearer gho_good'
            ? send(200, [
                { email: 'old@example.org', primary: false, verified: true },
                { email: 'octo@example.org', primary: true, verified: true },
              ])
            : send(401, {})
        default:
          return send(404, {})
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    googleToken,
    env: {
      GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_JWKS_URL: `${base}/google/certs`,
      GOOGLE_TOKEN_URL: `${base}/google/token`,
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GITHUB_OAUTH_URL: `${base}/github`,
      GITHUB_API_URL: `${base}/api`,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
