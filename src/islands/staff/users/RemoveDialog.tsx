// Confirms removing a user, in a modal dialog.
import { useStore } from '@nanostores/react'
import { useEffect, useRef } from 'react'
import { $removeStatus, $removingUser, closeRemoveUser, removeUser } from '../../../lib/stores/users.ts'
import type { T } from '../../../i18n/use-t.ts'
import { FormError, failureText } from '../Field.tsx'

/** The dialog for the user `$removingUser` names; `onRemoved` runs once they are gone and it has closed. */
export function RemoveDialog(props: { t: T; onRemoved: () => void }) {
  const { t } = props
  const user = useStore($removingUser)
  const status = useStore($removeStatus)
  const dialog = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const removed = useRef(false)

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
    if (!(await removeUser())) return
    removed.current = true
    dialog.current?.close()
    props.onRemoved()
  }

  return (
    <dialog
      ref={dialog}
      className="users-dialog"
      aria-labelledby="users-remove-title"
      aria-describedby="users-remove-text"
      onClose={() => {
        closeRemoveUser()
        if (!removed.current) opener.current?.focus()
      }}
    >
      <h3 id="users-remove-title">{t('users.removeTitle')}</h3>
      <p id="users-remove-text">{user && t('users.removeConfirm', { name: user.name || user.email, email: user.email })}</p>
      {status.state === 'error' && <FormError message={failureText(status.failure, t)} />}
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
