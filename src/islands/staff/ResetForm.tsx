import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { $resetStatus, submitNewPassword } from '../../lib/stores/sign-in.ts'
import { resetToken } from '../../lib/routing/routes.ts'
import { useT } from '../../i18n/use-t.ts'
import { Field, FormError, failureText } from './Field.tsx'

/** The new-password form of a reset link (SPEC sections 4 and 5). */
export function ResetForm() {
  const t = useT()
  const status = useStore($resetStatus)
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  if (!t) return <div className="skeleton" aria-hidden="true" />
  const token = resetToken(location.pathname)

  const submit = (event: FormEvent): void => {
    event.preventDefault()
    void submitNewPassword(token, password, confirm)
  }

  if (status.state === 'done') return <p role="status">{t('reset.done')}</p>
  if (!token) return <FormError message={t('reset.missing')} />
  const busy = status.state === 'busy'
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <Field
        id="reset-password"
        label={t('reset.password')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <Field
        id="reset-confirm"
        label={t('reset.confirm')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
      />
      {status.state === 'error' && <FormError message={failureText(status.failure, t)} />}
      <p>
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {t('reset.submit')}
        </button>
      </p>
    </form>
  )
}
