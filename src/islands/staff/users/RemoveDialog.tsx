// Confirms removing a user, in a modal dialog.
import { useEffect, useRef, useState } from 'react'
import type { UserView } from '../../../../server/lib/user-view.ts'
import { api } from '../../../lib/stores/api.ts'
import type { T } from '../../../i18n/use-t.ts'
import { FormError } from '../Field.tsx'
import { messageOf, type Status } from './UserRow.tsx'

export function RemoveDialog(props: { user: UserView | null; t: T; onClose: () => void; onRemoved: (user: UserView) => void }) {
  const { user, t } = props
  const dialog = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const removed = useRef(false)
  const [status, setStatus] = useState<Status>({ state: 'idle' })

  useEffect(() => {
    const element = dialog.current
    if (!user || !element || element.open) return
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    removed.current = false
    element.showModal()
    // Cancel, not the destructive button, has the focus first.
    cancel.current?.focus()
  }, [user])

  async function confirm(): Promise<void> {
    if (!user) return
    setStatus({ state: 'busy' })
    try {
      await api.users.remove(user.id)
      removed.current = true
      dialog.current?.close()
      props.onRemoved(user)
    } catch (error) {
      setStatus({ state: 'error', message: messageOf(error, t) })
    }
  }

  return (
    <dialog
      ref={dialog}
      className="users-dialog"
      aria-labelledby="users-remove-title"
      aria-describedby="users-remove-text"
      onClose={() => {
        setStatus({ state: 'idle' })
        props.onClose()
        if (!removed.current) opener.current?.focus()
      }}
    >
      <h3 id="users-remove-title">{t('users.removeTitle')}</h3>
      <p id="users-remove-text">{user && t('users.removeConfirm', { name: user.name || user.email, email: user.email })}</p>
      {status.state === 'error' && <FormError message={status.message} />}
      <p className="row">
        <button
          type="button"
          className="button danger"
          disabled={status.state === 'busy'}
          aria-busy={status.state === 'busy'}
          onClick={() => void confirm()}
        >
          {t('users.removeYes')}
        </button>
        <button type="button" className="button" ref={cancel} onClick={() => dialog.current?.close()}>
          {t('users.cancel')}
        </button>
      </p>
    </dialog>
  )
}

/** Adds a user with a role; they sign in with Google, GitHub, or email after a password reset. */
