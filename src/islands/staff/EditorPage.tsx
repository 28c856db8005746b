// /editor: the items the signed-in user may edit (the API applies their scope), with search, filters,
// paging, create and delete. Signed-out visitors get a way to sign in instead of an empty page: the
// page's static text (AppPage.astro), which this island hides once someone is signed in.
import { useStore } from '@nanostores/react'
import { useLayoutEffect, useState } from 'react'
import { pageLocale } from '../../lib/client/page.ts'
import { formatAgo } from '../../lib/format.ts'
import { ASPECTS } from '../../lib/items.ts'
import { ALERT_CATEGORIES } from '../../lib/live/statuses.ts'
import { BUSINESS_CATEGORIES, readCategory } from '../../lib/live/business.ts'
import { isLocked } from '../../lib/editor/draft.ts'
import { $currentUser } from '../../lib/stores/auth.ts'
import { openEditor } from '../../lib/stores/editor.ts'
import {
  $editorFilter,
  $editorListing,
  $editorNotice,
  $editorSearch,
  EDITOR_PAGE_SIZE,
  deleteItem,
  loadEditorList,
  setEditorAspect,
  setEditorCategory,
  showEditorPage,
  typeEditorSearch,
  type EditorNotice,
} from '../../lib/stores/editor-list.ts'
import { $account } from '../../lib/stores/account.ts'
import { $ownerSignIn } from '../../lib/stores/owner-link.ts'
import { OwnerLinkControl } from './OwnerLinkControl.tsx'
import { useT, type I18nFamily, type T } from '../../i18n/use-t.ts'
import { priorityLabel } from './ItemFields.tsx'
import { FormError, failureText } from './Field.tsx'
import { FeedHealth } from './FeedHealth.tsx'
import { stateLabel } from '../live/Entry.tsx'
import '../../styles/editor.css'

const ALERT_WORDS: readonly string[] = ALERT_CATEGORIES

/**
 * A category in the page's language: businesses have their own words (SPEC section 3, 'eatery' read as
 * restaurant, so one label per category), the rest alert categories.
 */
function categoryLabel(aspect: string, category: string, t: T): string {
  if (aspect === 'local') return t(`business.${readCategory(category)}`)
  return ALERT_WORDS.includes(category) ? t(`category.${category}` as I18nFamily<'category'>) : category
}

/** The line above the list, in the page's language. */
function noticeText(notice: EditorNotice, t: T): string {
  if (!notice) return ''
  return notice.kind === 'deleted' ? t('editor.deleted', { title: notice.title }) : failureText(notice.failure, t)
}

/**
 * The page's static sign-in explanation (#editor-sign-in, in the HTML so it paints at once): shown
 * while nobody is signed in, hidden before the browser paints the signed-in view.
 */
function useSignInText(show: boolean) {
  useLayoutEffect(() => {
    const text = document.getElementById('editor-sign-in')
    if (text) text.hidden = !show
  }, [show])
}

/** Delete, then a confirmation; the store deletes and says how it went above the list. */
function DeleteControl({ id, title, t }: { id: number; title: string; t: T }) {
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

export function EditorPage() {
  const t = useT()
  const user = useStore($currentUser)
  const account = useStore($account)
  const ownerSignIn = useStore($ownerSignIn)
  const typed = useStore($editorSearch)
  const filter = useStore($editorFilter)
  const listing = useStore($editorListing)
  const notice = useStore($editorNotice)

  useSignInText(!user && ownerSignIn.state !== 'opening')

  if (!user && ownerSignIn.state !== 'opening') {
    if (!t) return null
    return (
      <>
        {ownerSignIn.state === 'invalid' && <FormError message={t('editor.ownerInvalid')} />}
        {ownerSignIn.state === 'error' && <FormError message={failureText(ownerSignIn.failure, t)} />}
      </>
    )
  }
  if (!t) return <div className="skeleton" aria-hidden="true" />
  if (ownerSignIn.state === 'opening') return <p role="status">{t('editor.ownerOpening')}</p>
  if (!user) return null
  if (user.role === 'none')
    return (
      <div className="stack">
        <h2>{t('editor.noRoleTitle')}</h2>
        <p>{t('editor.noRoleText')}</p>
      </div>
    )

  const canCreate = user.role !== 'one'
  const now = Date.now()
  const total = listing.state === 'ok' ? listing.list.total : 0
  const pages = Math.max(1, Math.ceil(total / EDITOR_PAGE_SIZE))
  const from = total ? filter.page * EDITOR_PAGE_SIZE + 1 : 0
  const to = Math.min(total, (filter.page + 1) * EDITOR_PAGE_SIZE)
  const scope =
    user.role === 'page'
      ? t('editor.scopePage', { page: user.pageName ?? '' })
      : user.role === 'area'
        ? t('editor.scopeArea', { city: user.cityName ?? '' })
        : user.role === 'one'
          ? t('editor.scopeOne')
          : t('editor.scopeAll')

  return (
    <div className="editor">
      <div className="editor-head">
        <h2 id="editor-items">{t('editor.items')}</h2>
        <p className="muted">{scope}</p>
        {account?.owner && (
          <div className="notice owner-notice" role="note">
            <p>
              <strong>{t('editor.ownerNoticeTitle', { title: account.name })}</strong>
            </p>
            <p>{t('editor.ownerNoticeText')}</p>
          </div>
        )}
      </div>
      <form
        className="editor-filters"
        role="search"
        aria-label={t('editor.filters')}
        onSubmit={(event) => event.preventDefault()}
      >
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
            {(filter.aspect === 'local' ? BUSINESS_CATEGORIES : ALERT_CATEGORIES).map((category) => (
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
      <p role="status" className={notice?.kind === 'deleteFailed' ? 'form-error' : 'notice'}>
        {noticeText(notice, t)}
      </p>
      {listing.state === 'error' && (
        <div>
          <FormError message={failureText(listing.failure, t)} />
          <button type="button" className="button" onClick={() => void loadEditorList()}>
            {t('editor.retry')}
          </button>
        </div>
      )}
      {listing.state === 'loading' && <div className="skeleton" aria-busy="true" aria-label={t('edit.loading')} />}
      {listing.state === 'ok' && !listing.list.items.length && (
        <p className="empty-title">{filter.q || filter.aspect || filter.category ? t('editor.noMatch') : t('editor.empty')}</p>
      )}
      {listing.state === 'ok' && listing.list.items.length > 0 && (
        <>
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
                {listing.list.items.map((item) => (
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
          <nav className="pager" aria-label={t('editor.pages')}>
            <button type="button" className="button" disabled={filter.page === 0} onClick={() => showEditorPage(filter.page - 1)}>
              {t('editor.previous')}
            </button>
            <span id="editor-range">{t('editor.range', { from: String(from), to: String(to), total: String(total) })}</span>
            <button
              type="button"
              className="button"
              disabled={filter.page + 1 >= pages}
              onClick={() => showEditorPage(filter.page + 1)}
            >
              {t('editor.next')}
            </button>
          </nav>
        </>
      )}
      {(user.role === 'admin' || user.role === 'superadmin') && <FeedHealth t={t} />}
    </div>
  )
}
