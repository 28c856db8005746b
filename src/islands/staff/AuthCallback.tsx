import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $callbackError, completeGithubSignIn } from '../../lib/stores/sign-in.ts'
import { pageLocale } from '../../lib/client/page.ts'
import { appPath } from '../../lib/routing/routes.ts'
import { useT } from '../../i18n/use-t.ts'
import { FormError, failureText } from './Field.tsx'

/** The OAuth return page: the store checks the state, exchanges the code, signs in and goes to the editor. */
export function AuthCallback() {
  const t = useT()
  const error = useStore($callbackError)
  useEffect(() => void completeGithubSignIn(), [])
  if (!t) return <div className="skeleton" aria-hidden="true" />
  if (error)
    return (
      <div className="stack">
        <FormError message={failureText(error, t)} />
        <p>
          <a href={appPath(pageLocale, 'login')}>{t('login.back')}</a>
        </p>
      </div>
    )
  return <p role="status">{t('login.signingIn')}</p>
}
