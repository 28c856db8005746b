import { useEffect, useRef, useState } from 'react'
import { pageLocale } from '../../lib/client/page.ts'
import { GOOGLE_BUTTON_HEIGHT, GOOGLE_BUTTON_WIDTH, googleClientId, renderGoogleButton } from '../../lib/google.ts'
import { errorText, localMessage } from '../../lib/messages.ts'
import { api } from '../../lib/stores/api.ts'
import { signIn } from '../../lib/stores/auth.ts'
import { appPath } from '../../lib/routes.ts'
import { useT, type T } from '../../i18n/use-t.ts'
import { FormError } from './Field.tsx'

type Status = { state: 'idle' } | { state: 'busy' } | { state: 'error'; message: string }

const FAILED = 'Google authentication failed'

/** "Sign in with Google" (SPEC section 7, POST /auth/google), when the build has a client id. */
export function GoogleButton() {
  const t = useT()
  return googleClientId && t ? <GoogleSlot t={t} /> : null
}

/** Google's own button, drawn by its script into space kept for it; errors in the visitor's language. */
function GoogleSlot({ t }: { t: T }) {
  const slot = useRef<HTMLDivElement>(null)
  const [status, setStatus] = useState<Status>({ state: 'idle' })

  useEffect(() => {
    const element = slot.current
    if (!element) return
    let mounted = true
    const finish = async (credential: string) => {
      setStatus({ state: 'busy' })
      try {
        signIn(await api.auth.google(credential))
        location.assign(appPath(pageLocale, 'editor'))
      } catch (error) {
        if (mounted) setStatus({ state: 'error', message: errorText(error, FAILED) })
      }
    }
    const look = { locale: document.documentElement.lang || 'en', dark: document.documentElement.dataset['theme'] === 'dark' }
    renderGoogleButton(element, look, (credential) => void finish(credential))?.catch(() => {
      if (mounted) setStatus({ state: 'error', message: FAILED })
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
      {status.state === 'error' && <FormError message={localMessage(status.message, t)} />}
    </div>
  )
}
