import { useState, type FormEvent } from 'react'
import { api } from '../../lib/stores/api.ts'
import { pageLocale } from '../../lib/client/page.ts'
import { appPath, resetToken } from '../../lib/routes.ts'
import { useT } from '../../i18n/use-t.ts'
import { Field, FormError } from './Field.tsx'
import { errorText, localMessage } from '../../lib/messages.ts'

/** SPEC section 9: after a reset, the visitor moves on after 2 s. */
export const RESET_REDIRECT_MS = 2000
const PASSWORD_MIN = 8

type Status = { state: 'idle' } | { state: 'busy' } | { state: 'error'; message: string } | { state: 'done' }

/** The new-password form of a reset link (SPEC sections 4 and 5). */
export function ResetForm() {
  const t = useT()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [status, setStatus] = useState<Status>({ state: 'idle' })
  if (!t) return <div className="skeleton" aria-hidden="true" />
  const token = resetToken(location.pathname)

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    if (!t) return
    if (!token) return setStatus({ state: 'error', message: t('reset.missing') })
    if (password !== confirm) return setStatus({ state: 'error', message: t('reset.mismatch') })
    if (password.length < PASSWORD_MIN) return setStatus({ state: 'error', message: t('reset.short') })
    setStatus({ state: 'busy' })
    try {
      await api.auth.resetPassword(token, password)
      setStatus({ state: 'done' })
      setTimeout(() => location.assign(appPath(pageLocale, 'settings')), RESET_REDIRECT_MS)
    } catch (error) {
      setStatus({ state: 'error', message: errorText(error, t('reset.failed')) })
    }
  }

  if (status.state === 'done') return <p role="status">{t('reset.done')}</p>
  if (!token) return <FormError message={t('reset.missing')} />
  const busy = status.state === 'busy'
  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
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
      {status.state === 'error' && <FormError message={localMessage(status.message, t)} />}
      <p>
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {t('reset.submit')}
        </button>
      </p>
    </form>
  )
}
