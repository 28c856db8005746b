// The editor list's pager: previous, the range shown ("21–22 of 22") and next.
import { EDITOR_PAGE_SIZE, showEditorPage } from '../../../lib/stores/editor-list.ts'
import type { T } from '../../../i18n/use-t.ts'

type Props = { page: number; total: number; t: T }

export function Pager({ page, total, t }: Props) {
  const pages = Math.max(1, Math.ceil(total / EDITOR_PAGE_SIZE))
  const from = total ? page * EDITOR_PAGE_SIZE + 1 : 0
  const to = Math.min(total, (page + 1) * EDITOR_PAGE_SIZE)
  return (
    <nav className="pager" aria-label={t('editor.pages')}>
      <button type="button" className="button" disabled={page === 0} onClick={() => showEditorPage(page - 1)}>
        {t('editor.previous')}
      </button>
      <span id="editor-range">{t('editor.range', { from: String(from), to: String(to), total: String(total) })}</span>
      <button type="button" className="button" disabled={page + 1 >= pages} onClick={() => showEditorPage(page + 1)}>
        {t('editor.next')}
      </button>
    </nav>
  )
}
