// The editor list's filters: title search, section, category (a section's own categories: businesses on
// Local, alert categories elsewhere) and, for those who may create, a New item button.
import { ASPECTS } from '../../../lib/items.ts'
import { openEditor } from '../../../lib/stores/editor.ts'
import { setEditorAspect, setEditorCategory, typeEditorSearch, type EditorFilter } from '../../../lib/stores/editor-list.ts'
import type { TokenUser } from '../../../lib/decode/token.ts'
import type { T } from '../../../i18n/use-t.ts'
import { categoryLabel, filterCategories } from './category.ts'

type Props = { typed: string; filter: EditorFilter; user: TokenUser; canCreate: boolean; t: T }

export function EditorFilters({ typed, filter, user, canCreate, t }: Props) {
  return (
    <form className="editor-filters" role="search" aria-label={t('editor.filters')} onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor="editor-q">{t('editor.search')}</label>
        <input
          id="editor-q"
          type="search"
          value={typed}
          maxLength={200}
          onChange={(event) => typeEditorSearch(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="editor-aspect">{t('edit.section')}</label>
        <select id="editor-aspect" value={filter.aspect} onChange={(event) => setEditorAspect(event.target.value)}>
          <option value="">{t('editor.allSections')}</option>
          {ASPECTS.map((aspect) => (
            <option key={aspect} value={aspect}>
              {t(`nav.${aspect}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="editor-category">{t('edit.dataCategory')}</label>
        <select id="editor-category" value={filter.category} onChange={(event) => setEditorCategory(event.target.value)}>
          <option value="">{t('editor.allCategories')}</option>
          {filterCategories(filter.aspect).map((category) => (
            <option key={category} value={category}>
              {categoryLabel(filter.aspect, category, t)}
            </option>
          ))}
        </select>
      </div>
      {canCreate && (
        <button
          type="button"
          className="button primary"
          onClick={() =>
            openEditor({ id: null, aspect: filter.aspect || 'statuses', pageName: user.pageName, cityName: user.cityName })
          }
        >
          {t('editor.new')}
        </button>
      )}
    </form>
  )
}
