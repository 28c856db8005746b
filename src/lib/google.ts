import { publicEnv } from './public-env.ts'

/** Google sign-in is offered when the build knows the OAuth client id (the API checks tokens against the same id). */
export const googleClientId = publicEnv('PUBLIC_GOOGLE_CLIENT_ID') ?? null
const gsiUrl = publicEnv('PUBLIC_GOOGLE_GSI_URL') ?? 'https://accounts.google.com/gsi/client'

/** What the button's popup hands back: a signed ID token for the API's POST /auth/google. */
export type GoogleCredential = { credential: string }

/** The small part of Google Identity Services' `google.accounts.id` used here. */
export type GoogleId = {
  initialize(config: {
    client_id: string
    callback: (response: GoogleCredential) => void
    ux_mode: 'popup'
    use_fedcm_for_prompt?: boolean
  }): void
  renderButton(
    parent: HTMLElement,
    options: {
      type: 'standard'
      theme: 'outline' | 'filled_blue' | 'filled_black'
      size: 'large' | 'medium' | 'small'
      text: 'signin_with' | 'continue_with'
      locale: string
      width: number
    },
  ): void
}

/** The button's width in pixels (Google allows up to 400); the island reserves this much space. */
export const GOOGLE_BUTTON_WIDTH = 240
/** Height of a 'large' button with Google's frame around it. */
export const GOOGLE_BUTTON_HEIGHT = 44

const loadedId = (): GoogleId | null => (globalThis as { google?: { accounts?: { id?: GoogleId } } }).google?.accounts?.id ?? null

const failed = () => new Error('Google authentication failed')

function addScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => reject(failed())
    document.head.append(script)
  })
}

let loading: Promise<GoogleId> | null = null
// Google keeps one configuration per page (a second initialize replaces the first and warns), so
// initialize runs once and its callback hands each credential to the button drawn last.
let onCredential: ((credential: string) => void) | null = null

/**
 * Adds Google's script to the page once and initializes it; a failed load may be tried again.
 * Null when the build has no client id, so nothing is fetched.
 * @example await loadGoogle()
 */
export function loadGoogle(): Promise<GoogleId> | null {
  const clientId = googleClientId
  if (!clientId) return null
  loading ??= (loadedId() ? Promise.resolve() : addScript(gsiUrl))
    .then(() => {
      const id = loadedId()
      if (!id) throw failed()
      id.initialize({ client_id: clientId, callback: ({ credential }) => onCredential?.(credential), ux_mode: 'popup' })
      return id
    })
    .catch((error: unknown) => {
      loading = null
      throw error
    })
  return loading
}

/**
 * Loads Google's script, then draws its button into `parent` in the page language; the credential
 * the visitor picks goes to `then`. Null without a client id; rejects when the script cannot load.
 * @example renderGoogleButton(el, { locale: 'de', dark: false }, (credential) => void api.auth.google(credential))
 */
export function renderGoogleButton(
  parent: HTMLElement,
  look: { locale: string; dark: boolean },
  then: (credential: string) => void,
): Promise<void> | null {
  return (
    loadGoogle()?.then((id) => {
      onCredential = then
      id.renderButton(parent, {
        type: 'standard',
        theme: look.dark ? 'filled_black' : 'outline',
        size: 'large',
        text: 'signin_with',
        locale: look.locale,
        width: GOOGLE_BUTTON_WIDTH,
      })
    }) ?? null
  )
}
