import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { api } from '../../lib/stores/api.ts'
import { $currentUser, signIn, signOut } from '../../lib/stores/auth.ts'
import { githubClientId, startGithubSignIn } from '../../lib/stores/oauth.ts'
import { pageLocale } from '../../lib/client/page.ts'
import { appPath } from '../../lib/routes.ts'
import { useT } from '../../i18n/use-t.ts'
import { Field, FormError } from './Field.tsx'
import { GoogleButton } from './GoogleButton.tsx'
import { errorText, localMessage } from '../../lib/messages.ts'

type Status = { state: 'idle' } | { state: 'busy' } | { state: 'error'; message: string } | { state: 'sent'; message: string }

/** Email sign-in and the forgot-password form (SPEC sections 5 and 8); signed in, who and a sign-out button. */
export function LoginForm() {
  const t = useT()
  const user = useStore($currentUser)
  const [mode, setMode] = useState<'signIn' | 'forgot'>('signIn')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [status, setStatus] = useState<Status>({ state: 'idle' })
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

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    if (!t) return
    if (mode === 'forgot') {
      setStatus({ state: 'busy' })
      try {
        const answer = await api.auth.forgotPassword(email.trim())
        setStatus({ state: 'sent', message: answer.message ?? t('login.forgotSent') })
      } catch (error) {
        setStatus({ state: 'error', message: errorText(error, t('login.forgotFailed')) })
      }
      return
    }
    if (!email.trim() || !password) return setStatus({ state: 'error', message: t('login.required') })
    setStatus({ state: 'busy' })
    try {
      signIn(await api.auth.email(email.trim(), password))
      // SPEC section 4: the token is stored and the page reloads; the editor is where staff go next.
      location.assign(appPath(pageLocale, 'editor'))
    } catch (error) {
      setStatus({ state: 'error', message: errorText(error, t('login.failed')) })
    }
  }

  const busy = status.state === 'busy'
  return (
    <form className="stack login-form" onSubmit={(event) => void submit(event)} noValidate>
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
      {status.state === 'error' && <FormError message={localMessage(status.message, t)} />}
      {status.state === 'sent' && <p role="status">{status.message}</p>}
      <p className="row">
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {t(mode === 'signIn' ? 'login.submit' : 'login.forgotSubmit')}
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setMode(mode === 'signIn' ? 'forgot' : 'signIn')
            setStatus({ state: 'idle' })
          }}
        >
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
