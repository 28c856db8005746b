// The edit dialog (SPEC section 4): closed, open (simple form, or superadmin's advanced mode), saving, then
// closed on success or the error shown with everything typed kept. A modal <dialog>: focus stays inside, Escape closes.
import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { DEFAULT_LOCK_CHOICE, toPayload } from '../../lib/editor/draft.ts'
import { allowedPriorities, mayChange, policyOf, writablePayload } from '../../lib/field-permission.ts'
import { checkEdit, fullDraft, type Advanced, type EditErrors } from '../../lib/editor/save.ts'
import { pageLang } from '../../lib/page-lang.ts'
import { $currentUser } from '../../lib/stores/auth.ts'
import { $editItem, $editStatus, editBusiness, editDraft, editRefused, saveEdit, unlockEdit } from '../../lib/stores/edit-item.ts'
import { $editRequest, closeEditor } from '../../lib/stores/editor.ts'
import { useT, type T } from '../../i18n/use-t.ts'
import { AdvancedPanel } from './AdvancedPanel.tsx'
import { BusinessFields } from './BusinessFields.tsx'
import { FormError, failureText } from './Field.tsx'
import { ItemFields } from './ItemFields.tsx'
import { CheckInput } from './inputs.tsx'

/**
 * The dialog's form for one request (a new request mounts it afresh): the item and the save live in
 * the store (stores/edit-item.ts), the checks in lib/editor/save.ts; here the advanced mode's tabs and
 * the fields' errors.
 */
function EditForm({ t }: { t: T }) {
  const user = useStore($currentUser)
  const loaded = useStore($editItem)
  const status = useStore($editStatus)
  const locale = pageLang()
  const [advancedMode, setAdvancedMode] = useState(false)
  const [advanced, setAdvancedState] = useState<Advanced>({ tab: 'override', lock: DEFAULT_LOCK_CHOICE, customLock: '', raw: '' })
  const [rawTouched, setRawTouched] = useState(false)
  const [errors, setErrors] = useState<EditErrors>({})
  const superadmin = user?.role === 'superadmin'
  // What this user may change: the permission table the API enforces (src/lib/field-permission.ts).
  const policy = policyOf(user?.role)

  if (loaded.state === 'loading') return <div className="skeleton" aria-busy="true" aria-label={t('edit.loading')} />
  if (loaded.state === 'failed') return <FormError message={failureText(loaded.failure, t)} />
  const { draft, business } = loaded
  const local = draft.dataAspect === 'local'
  const setAdvanced = (patch: Partial<Advanced>): void => {
    if (patch.raw !== undefined) setRawTouched(true)
    setAdvancedState({ ...advanced, ...patch })
  }
  // The JSON tab shows the form as it stands, until its own text is edited.
  const raw = rawTouched ? advanced.raw : JSON.stringify(toPayload(fullDraft(draft, business)), null, 2)

  const save = (event: FormEvent): void => {
    event.preventDefault()
    const check = checkEdit({ draft, business, advancedMode, advanced: { ...advanced, raw } }, t, new Date())
    if (check.errors) setErrors(check.errors)
    // Only the fields the user may change are sent; the stored values of the others stay.
    if (check.ok) void saveEdit(writablePayload(user?.role, check.payload))
    else editRefused(check.message)
  }

  const saving = status.state === 'saving'
  return (
    <form className="edit-form" onSubmit={save} noValidate aria-busy={saving}>
      {superadmin && (
        <CheckInput
          id="edit-advanced"
          label={t('edit.advanced')}
          checked={advancedMode}
          onChange={(on) => (setAdvancedMode(on), setAdvanced({}))}
        />
      )}
      {advancedMode ? (
        <AdvancedPanel
          draft={draft}
          set={editDraft}
          advanced={{ ...advanced, raw }}
          setAdvanced={setAdvanced}
          onUnlock={() => void unlockEdit()}
          now={Date.now()}
          locale={locale}
          t={t}
        />
      ) : (
        <>
          <ItemFields
            draft={draft}
            set={editDraft}
            errors={errors}
            t={t}
            canMove={!policy.scoped}
            may={(field) => mayChange(user?.role, field)}
            priorities={allowedPriorities(user?.role)}
          />
          {local && (
            <BusinessFields
              form={business}
              set={editBusiness}
              errors={errors.business ?? {}}
              locale={locale}
              t={t}
              keys={policy.specialKeys}
            />
          )}
        </>
      )}
      {status.state === 'error' && <FormError message={failureText(status.failure, t)} />}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={closeEditor}>
          {t('edit.cancel')}
        </button>
        <button type="submit" className="button primary" disabled={saving}>
          {t(saving ? 'edit.saving' : 'edit.save')}
        </button>
      </div>
    </form>
  )
}

/** Mounted once, on the first open (src/scripts/layout.ts); shows the dialog whenever a request is set. */
export function EditDialog() {
  const t = useT()
  const request = useStore($editRequest)
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (request && !element.open) {
      opener.current = document.activeElement
      element.showModal()
    } else if (!request && element.open) {
      element.close()
    }
  }, [request])

  return (
    <dialog
      ref={dialog}
      className="edit-dialog"
      aria-labelledby="edit-dialog-title"
      onCancel={(event) => {
        // Escape closes (SPEC: the dialog can close); the request is cleared so the page's state agrees.
        event.preventDefault()
        closeEditor()
      }}
      onClose={() => {
        if ($editRequest.get()) closeEditor()
        if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus()
      }}
    >
      {t && request && (
        <>
          <header className="dialog-head">
            <h2 id="edit-dialog-title">{t(request.id === null ? 'edit.newTitle' : 'edit.editTitle')}</h2>
            <button type="button" className="icon-button" onClick={closeEditor} aria-label={t('edit.close')}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <EditForm key={request.id === null ? `new-${request.aspect}` : String(request.id)} t={t} />
        </>
      )}
    </dialog>
  )
}
