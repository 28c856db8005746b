import { useStore } from '@nanostores/react'
import { canEdit } from '../../lib/can-edit.ts'
import type { AlertItem } from '../../lib/items.ts'
import { $currentUser } from '../../lib/stores/current-user.ts'
import { openEditor } from '../../lib/stores/editor.ts'
import type { T } from '../../i18n/use-t.ts'

/** The edit control on a listed item: shown only when canEdit (the server's own rule) lets the signed-in user change it. */
export function EditButton({ item, t }: { item: Pick<AlertItem, 'id' | 'title' | 'pageName' | 'cityName'>; t: T }) {
  const user = useStore($currentUser)
  if (!canEdit(user, { id: item.id, pageName: item.pageName, cityName: item.cityName })) return null
  return (
    <button
      type="button"
      className="edit-button"
      onClick={() => openEditor({ id: item.id })}
      aria-label={t('edit.editItem', { title: item.title })}
    >
      {t('edit.edit')}
    </button>
  )
}
