import { useStore } from '@nanostores/react'
import { useEffect, useRef } from 'react'
import { GOOGLE_BUTTON_HEIGHT, GOOGLE_BUTTON_WIDTH, googleClientId, renderGoogleButton } from '../../lib/google.ts'
import { pageLang } from '../../lib/page-lang.ts'
import { $googleStatus, googleUnavailable, resetGoogle, signInWithGoogle } from '../../lib/stores/sign-in.ts'
import { useT, type T } from '../../i18n/use-t.ts'
import { FormError, failureText } from './Field.tsx'

/** "Sign in with Google" (SPEC section 7, POST /auth/google), when the build has a client id. */
export function GoogleButton() {
  const t = useT()
  return googleClientId && t ? <GoogleSlot t={t} /> : null
}

/** Google's own button, drawn by its script into space kept for it; errors in the visitor's language. */
function GoogleSlot({ t }: { t: T }) {
  const slot = useRef<HTMLDivElement>(null)
  const status = useStore($googleStatus)

  useEffect(() => {
    const element = slot.current
    if (!element) return
    let mounted = true
    resetGoogle()
    const look = { locale: pageLang(), dark: document.documentElement.dataset['theme'] === 'dark' }
    renderGoogleButton(element, look, (credential) => void signInWithGoogle(credential))?.catch(() => {
      if (mounted) googleUnavailable()
    })
    return () => {
      mounted = false
    }
  }, [])

  return (
    <div className="stack">
      <div
        ref={slot}
        role="group"
        aria-label={t('login.google')}
        aria-busy={status.state === 'busy'}
        style={{ width: GOOGLE_BUTTON_WIDTH, maxWidth: '100%', height: GOOGLE_BUTTON_HEIGHT }}
      />
      {status.state === 'error' && <FormError message={failureText(status.failure, t)} />}
    </div>
  )
}
