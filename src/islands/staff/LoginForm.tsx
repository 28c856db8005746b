import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { $currentUser, signOut } from '../../lib/stores/auth.ts'
import { githubClientId, startGithubSignIn } from '../../lib/stores/oauth.ts'
import { $loginMode, $loginStatus, submitLogin, toggleLoginMode } from '../../lib/stores/sign-in.ts'
import { pageLocale } from '../../lib/client/page.ts'
import { appPath } from '../../lib/routing/routes.ts'
import { useT } from '../../i18n/use-t.ts'
import { Field, FormError, failureText } from './Field.tsx'
import { GoogleButton } from './GoogleButton.tsx'

/** Email sign-in and the forgot-password form (SPEC sections 5 and 8); signed in, who and a sign-out button. */
export function LoginForm() {
  const t = useT()
  const user = useStore($currentUser)
  const mode = useStore($loginMode)
  const status = useStore($loginStatus)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  if (!t) return <div className="skeleton" aria-hidden="true" />

  if (user)
    return (
      <div className="stack">
        <p>{t('login.signedIn', { name: user.name || user.email })}</p>
        <p className="row">
          <a className="button" href={appPath(pageLocale, 'editor')}>
            {t('nav.editor')}
          </a>
          <button type="button" className="button" onClick={() => void signOut()}>
            {t('login.signOut')}
          </button>
        </p>
      </div>
    )

  const submit = (event: FormEvent): void => {
    event.preventDefault()
    void submitLogin(email, password)
  }

  const busy = status.state === 'busy'
  return (
    <form className="stack login-form" onSubmit={submit} noValidate>
      <Field
        id="login-email"
        label={t('login.email')}
        type="email"
        autoComplete="username"
        value={email}
        onChange={setEmail}
        maxLength={254}
      />
      {mode === 'signIn' && (
        <Field
          id="login-password"
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
      )}
      {status.state === 'error' && <FormError message={failureText(status.failure, t)} />}
      {status.state === 'sent' && <p role="status">{t('login.forgotSent')}</p>}
      <p className="row">
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {t(mode === 'signIn' ? 'login.submit' : 'login.forgotSubmit')}
        </button>
        <button type="button" className="link-button" onClick={toggleLoginMode}>
          {t(mode === 'signIn' ? 'login.forgot' : 'login.back')}
        </button>
      </p>
      {mode === 'signIn' && <GoogleButton />}
      {mode === 'signIn' && githubClientId && (
        <p>
          <button type="button" className="button" onClick={startGithubSignIn}>
            {t('login.github')}
          </button>
        </p>
      )}
    </form>
  )
}
