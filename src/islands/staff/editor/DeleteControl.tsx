// Delete, then a confirmation; the store deletes and says how it went above the list.
import { useState } from 'react'
import { deleteItem } from '../../../lib/stores/editor-list.ts'
import type { T } from '../../../i18n/use-t.ts'

export function DeleteControl({ id, title, t }: { id: number; title: string; t: T }) {
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  if (!confirming)
    return (
      <button
        type="button"
        className="button danger"
        onClick={() => setConfirming(true)}
        aria-label={t('editor.deleteItem', { title })}
      >
        {t('editor.delete')}
      </button>
    )
  return (
    <span className="confirm" role="group" aria-label={t('editor.deleteItem', { title })}>
      <span>{t('editor.deleteConfirm')}</span>{' '}
      <button
        type="button"
        className="button danger"
        disabled={busy}
        onClick={() => {
          setBusy(true)
          void deleteItem(id, title).then((deleted) => {
            if (deleted) return
            setBusy(false)
            setConfirming(false)
          })
        }}
      >
        {t('editor.deleteYes')}
      </button>{' '}
      <button type="button" className="button" autoFocus onClick={() => setConfirming(false)}>
        {t('edit.cancel')}
      </button>
    </span>
  )
}
