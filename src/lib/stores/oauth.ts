import { publicEnv } from '../public-env.ts'
import { checkCallback, githubAuthorizeUrl, newOAuthState, type CallbackCheck } from '../decode/oauth-state.ts'

const KEY = 'porchlight:oauthState'

/** GitHub sign-in is offered when the build knows the OAuth app's client id. */
export const githubClientId = publicEnv('PUBLIC_GITHUB_CLIENT_ID') ?? null
const githubAuthorize = publicEnv('PUBLIC_GITHUB_AUTHORIZE_URL') ?? 'https://github.com/login/oauth/authorize'

/** Where GitHub sends the visitor back: this site's callback page. */
export const callbackUrl = (): string => `${location.origin}/auth/callback`

/** Leaves for GitHub with a fresh state kept in this tab's session storage. */
export function startGithubSignIn(): void {
  if (!githubClientId) return
  const state = newOAuthState()
  try {
    sessionStorage.setItem(KEY, state)
  } catch {
    // Storage disabled: the state check on return will refuse, which is the safe outcome.
  }
  location.assign(githubAuthorizeUrl(githubAuthorize, githubClientId, callbackUrl(), state))
}

/** The stored state, used once. */
function takeState(): string | null {
  try {
    const stored = sessionStorage.getItem(KEY)
    sessionStorage.removeItem(KEY)
    return stored
  } catch {
    return null
  }
}

/** Checks the return against the state stored before leaving. */
export function finishGithubSignIn(query: URLSearchParams): CallbackCheck {
  return checkCallback(query, takeState())
}
