// The edit dialog (SPEC section 4): closed, open (simple form, or superadmin's advanced mode), saving, then
// closed on success or the error shown with everything typed kept. A modal <dialog>: focus stays inside, Escape closes.
import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { businessForm, businessProblems, withBusiness, type BusinessField, type BusinessForm } from '../../lib/editor/business.ts'
import {
  DEFAULT_LOCK_CHOICE,
  draftFromRecord,
  fromRawJson,
  lockUntil,
  newDraft,
  problems,
  toPayload,
  type Draft,
} from '../../lib/editor/draft.ts'
import { errorText, localMessage } from '../../lib/messages.ts'
import { parseTemplate } from '../../lib/template.ts'
import { api } from '../../lib/stores/api.ts'
import { $currentUser } from '../../lib/stores/auth.ts'
import { $editRequest, closeEditor, itemsChanged, type EditRequest } from '../../lib/stores/editor.ts'
import { reaction } from '../../lib/stores/reaction.ts'
import { useT, type I18nKey, type T } from '../../i18n/use-t.ts'
import { AdvancedPanel, type Advanced } from './AdvancedPanel.tsx'
import { BusinessFields } from './BusinessFields.tsx'
import { FormError } from './Field.tsx'
import { ItemFields, type FieldErrors } from './ItemFields.tsx'
import { CheckInput } from './inputs.tsx'

type Loaded =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; draft: Draft; business: BusinessForm }

/** The dialog's whole life for one request; a new request starts afresh. */
function EditForm({ request, t }: { request: EditRequest; t: T }) {
  const user = useStore($currentUser)
  const locale = document.documentElement.lang || 'en'
  const [loaded, setLoaded] = useState<Loaded>(() =>
    request.id === null
      ? ready(newDraft({ aspect: request.aspect, pageName: request.pageName ?? null, cityName: request.cityName ?? null }))
      : { state: 'loading' },
  )
  const [advancedMode, setAdvancedMode] = useState(false)
  const [advanced, setAdvancedState] = useState<Advanced>({ tab: 'override', lock: DEFAULT_LOCK_CHOICE, customLock: '', raw: '' })
  const [rawTouched, setRawTouched] = useState(false)
  const [errors, setErrors] = useState<FieldErrors & { business?: Partial<Record<BusinessField, string>> }>({})
  const [status, setStatus] = useState<{ state: 'open' } | { state: 'saving' } | { state: 'error'; message: string }>({
    state: 'open',
  })
  const superadmin = user?.role === 'superadmin'
  const scoped = user !== null && user.role !== 'admin' && user.role !== 'superadmin'

  useEffect(() => {
    if (request.id === null) return
    let live = true
    api.items.get(request.id).then(
      (record) => live && setLoaded(ready(draftFromRecord(record))),
      (error: unknown) => live && setLoaded({ state: 'failed', message: errorText(error, 'Failed to get item') }),
    )
    return () => void (live = false)
  }, [request])

  if (loaded.state === 'loading') return <div className="skeleton" aria-busy="true" aria-label={t('edit.loading')} />
  if (loaded.state === 'failed') return <FormError message={localMessage(loaded.message, t)} />
  const { draft, business } = loaded
  const set = (patch: Partial<Draft>): void => setLoaded({ ...loaded, draft: { ...draft, ...patch } })
  const setBusiness = (patch: Partial<BusinessForm>): void => setLoaded({ ...loaded, business: { ...business, ...patch } })
  const local = draft.dataAspect === 'local'
  const full = (): Draft => (local ? { ...draft, specialData: withBusiness(draft.specialData, business) } : draft)
  const lockPatch = (): Record<string, unknown> | string => {
    if (!advancedMode || local || advanced.tab !== 'override') return {}
    const until = lockUntil(advanced.lock, new Date(), advanced.customLock)
    return until ? { LockResultUntil: until.toISOString() } : t('edit.lockCustomInvalid')
  }
  const setAdvanced = (patch: Partial<Advanced>): void => {
    if (patch.raw !== undefined) setRawTouched(true)
    setAdvancedState({ ...advanced, ...patch })
  }
  // The JSON tab shows the form as it stands, until its own text is edited.
  const raw = rawTouched ? advanced.raw : JSON.stringify(toPayload(full()), null, 2)

  async function save(event: FormEvent): Promise<void> {
    event.preventDefault()
    let payload: Record<string, unknown>
    const jsonTab = advancedMode && (local || advanced.tab === 'json')
    if (jsonTab) {
      const parsed = fromRawJson(raw)
      if (!parsed.ok)
        return setStatus({ state: 'error', message: localMessage(t(parsed.key as I18nKey, { field: parsed.field ?? '' }), t) })
      payload = parsed.payload
    } else {
      const item = full()
      const found = problems(item)
      const fieldErrors: FieldErrors = {}
      for (const problem of found) fieldErrors[problem.field] = localMessage(t(problem.message as I18nKey), t)
      const businessErrors: Partial<Record<BusinessField, string>> = {}
      if (local) for (const problem of businessProblems(business)) businessErrors[problem.field] = t(problem.key as I18nKey)
      setErrors({ ...fieldErrors, business: businessErrors })
      const spec = found.filter((problem) => !problem.message.startsWith('edit.')).map((problem) => problem.message)
      if (found.length || Object.keys(businessErrors).length) {
        // SPEC section 5: the rule texts joined with a comma; the other checks after them.
        const others = [
          ...found.filter((problem) => problem.message.startsWith('edit.')).map((problem) => t(problem.message as I18nKey)),
          ...Object.values(businessErrors),
        ]
        const summary = [spec.length ? localMessage(spec.join(', '), t) : '', ...new Set(others)].filter(Boolean).join(' ')
        return setStatus({ state: 'error', message: summary })
      }
      if (advancedMode && advanced.tab === 'template' && item.dataTemplate.trim()) {
        const template = parseTemplate(item.dataTemplate)
        if (!template.ok) return setStatus({ state: 'error', message: template.error })
      }
      const lock = lockPatch()
      if (typeof lock === 'string') return setStatus({ state: 'error', message: lock })
      payload = { ...toPayload(item), ...lock }
    }
    setStatus({ state: 'saving' })
    try {
      await api.manage.save(draft.id ?? 0, payload)
      itemsChanged()
      reaction.retry()
      closeEditor()
    } catch (error) {
      // Everything typed stays; the message is the server's, or the SPEC's 'Failed to save changes'.
      setStatus({ state: 'error', message: localMessage(errorText(error, 'Failed to save changes'), t) })
    }
  }

  async function unlock(): Promise<void> {
    if (draft.id === null) return
    try {
      await api.manage.unlock(draft.id)
      set({ lockResultUntil: null })
      itemsChanged()
      reaction.retry()
    } catch (error) {
      setStatus({ state: 'error', message: localMessage(errorText(error, 'Failed to unlock item'), t) })
    }
  }

  const saving = status.state === 'saving'
  return (
    <form className="edit-form" onSubmit={(event) => void save(event)} noValidate aria-busy={saving}>
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
          set={set}
          advanced={{ ...advanced, raw }}
          setAdvanced={setAdvanced}
          onUnlock={() => void unlock()}
          now={Date.now()}
          locale={locale}
          t={t}
        />
      ) : (
        <>
          <ItemFields draft={draft} set={set} errors={errors} t={t} canMove={!scoped} />
          {local && <BusinessFields form={business} set={setBusiness} errors={errors.business ?? {}} locale={locale} t={t} />}
        </>
      )}
      {status.state === 'error' && <FormError message={status.message} />}
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

function ready(draft: Draft): Loaded {
  return { state: 'ready', draft, business: businessForm(draft.specialData) }
}

/** Mounted once, on the first open (layout-client.ts); shows the dialog whenever a request is set. */
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
          <EditForm key={request.id === null ? `new-${request.aspect}` : String(request.id)} request={request} t={t} />
        </>
      )}
    </dialog>
  )
}
