// /editor: the items the signed-in user may edit (the API applies their scope), with search, filters,
// paging, create and delete: the filters, table and pager are in ./editor/. Signed-out visitors get a way to sign in instead of an empty page: the
// page's static text (AppPage.astro), which this island hides once someone is signed in.
import { useStore } from '@nanostores/react'
import { useLayoutEffect } from 'react'
import { $account } from '../../lib/stores/account.ts'
import { $currentUser } from '../../lib/stores/auth.ts'
import {
  $editorFilter,
  $editorListing,
  $editorNotice,
  $editorSearch,
  loadEditorList,
  type EditorNotice,
} from '../../lib/stores/editor-list.ts'
import { $ownerSignIn } from '../../lib/stores/owner-link.ts'
import { useT, type T } from '../../i18n/use-t.ts'
import { EditorFilters } from './editor/EditorFilters.tsx'
import { ItemTable } from './editor/ItemTable.tsx'
import { Pager } from './editor/Pager.tsx'
import { FormError, failureText } from './Field.tsx'
import { FeedHealth } from './FeedHealth.tsx'
import '../../styles/editor.css'

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
      <EditorFilters typed={typed} filter={filter} user={user} canCreate={canCreate} t={t} />
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
          <ItemTable items={listing.list.items} canCreate={canCreate} now={Date.now()} t={t} />
          <Pager page={filter.page} total={listing.list.total} t={t} />
        </>
      )}
      {(user.role === 'admin' || user.role === 'superadmin') && <FeedHealth t={t} />}
    </div>
  )
}
