// The editor list's table: one row per item with its tags, section and category, priority, state, place,
// last update and the actions the user may take.
import type { ItemRecord } from '../../../lib/api/types.ts'
import { pageLocale } from '../../../lib/client/page.ts'
import { isLocked } from '../../../lib/editor/draft.ts'
import { formatAgo } from '../../../lib/format.ts'
import { openEditor } from '../../../lib/stores/editor.ts'
import type { I18nFamily, T } from '../../../i18n/use-t.ts'
import { stateLabel } from '../../live/Entry.tsx'
import { priorityLabel } from '../ItemFields.tsx'
import { OwnerLinkControl } from '../OwnerLinkControl.tsx'
import { categoryLabel } from './category.ts'
import { DeleteControl } from './DeleteControl.tsx'

type Props = { items: ItemRecord[]; canCreate: boolean; now: number; t: T }

export function ItemTable({ items, canCreate, now, t }: Props) {
  return (
    <div className="table-scroll">
      <table className="editor-table" aria-describedby="editor-range">
        <caption className="sr-only">{t('editor.items')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('edit.title')}</th>
            <th scope="col">{t('edit.section')}</th>
            <th scope="col">{t('edit.priority')}</th>
            <th scope="col">{t('edit.state')}</th>
            <th scope="col">{t('editor.place')}</th>
            <th scope="col">{t('editor.updated')}</th>
            <th scope="col">{t('editor.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className={item.isActive ? undefined : 'inactive'}>
              <th scope="row">
                {item.title}
                {!item.isActive && <span className="tag">{t('editor.inactive')}</span>}
                {isLocked(item.lockResultUntil, now) && <span className="tag">{t('editor.locked')}</span>}
                {item.isDemo && <span className="tag">{t('editor.demo')}</span>}
              </th>
              <td data-label={t('edit.section')}>
                {t(`nav.${item.dataAspect}` as I18nFamily<'nav'>)}
                {item.dataCategory && (
                  <span className="muted">
                    {' · '}
                    {categoryLabel(item.dataAspect, item.dataCategory, t)}
                  </span>
                )}
              </td>
              <td data-label={t('edit.priority')}>{priorityLabel(item.priority, t)}</td>
              <td data-label={t('edit.state')}>{item.state ? stateLabel(item.state, t) : ''}</td>
              <td data-label={t('editor.place')}>{item.pageName ?? item.cityName ?? ''}</td>
              <td data-label={t('editor.updated')}>{formatAgo(Date.parse(item.updatedAt), now, pageLocale)}</td>
              <td className="actions">
                <button
                  type="button"
                  className="button"
                  onClick={() => openEditor({ id: item.id })}
                  aria-label={t('edit.editItem', { title: item.title })}
                >
                  {t('edit.edit')}
                </button>{' '}
                {canCreate && item.dataAspect === 'local' && (
                  <>
                    <OwnerLinkControl id={item.id} title={item.title} t={t} />{' '}
                  </>
                )}
                {canCreate && <DeleteControl id={item.id} title={item.title} t={t} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
