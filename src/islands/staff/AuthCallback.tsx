import { useEffect, useState } from 'react'
import { api } from '../../lib/stores/api.ts'
import { signIn } from '../../lib/stores/auth.ts'
import { finishGithubSignIn } from '../../lib/stores/oauth.ts'
import { pageLocale } from '../../lib/client/page.ts'
import { appPath } from '../../lib/routes.ts'
import { useT } from '../../i18n/use-t.ts'
import { FormError } from './Field.tsx'
import { errorText, localMessage } from '../../lib/messages.ts'

/** The OAuth return page: checks the state, exchanges the code on the API, signs in and goes to the editor. */
export function AuthCallback() {
  const t = useT()
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    const check = finishGithubSignIn(new URLSearchParams(location.search))
    if (!check.ok) return setError(check.error)
    // The code is spent once: drop it from the address bar and history.
    history.replaceState(null, '', location.pathname)
    api.auth
      .callback('github', check.code)
      .then((session) => {
        signIn(session)
        location.assign(appPath(pageLocale, 'editor'))
      })
      .catch((failure: unknown) => setError(errorText(failure, 'OAuth callback failed')))
  }, [])
  if (!t) return <div className="skeleton" aria-hidden="true" />
  if (error)
    return (
      <div className="stack">
        <FormError message={localMessage(error, t)} />
        <p>
          <a href={appPath(pageLocale, 'login')}>{t('login.back')}</a>
        </p>
      </div>
    )
  return <p role="status">{t('login.signingIn')}</p>
}
