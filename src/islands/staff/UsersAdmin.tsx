import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { UserView } from '../../../server/lib/user-view.ts'
import type { TokenUser } from '../../lib/state/token.ts'
import { api } from '../../lib/stores/api.ts'
import { $currentUser } from '../../lib/stores/auth.ts'
import { errorText, localMessage } from '../../lib/messages.ts'
import { USERS_PAGE_SIZE, lastPageOffset } from '../../lib/users.ts'
import { useT, type T } from '../../i18n/use-t.ts'
import { FormError } from './Field.tsx'
import { AddUser } from './users/AddUser.tsx'
import { RemoveDialog } from './users/RemoveDialog.tsx'
import { UserRow } from './users/UserRow.tsx'
type List = { state: 'loading' } | { state: 'ok'; users: UserView[]; total: number } | { state: 'error'; message: string }

/** Lists staff accounts for admins and superadmins: change a role and its scope, remove, add (SPEC section 6). */
export function UsersAdmin() {
  const t = useT()
  const caller = useStore($currentUser)
  const [list, setList] = useState<List>({ state: 'loading' })
  const [offset, setOffset] = useState(0)
  const [reload, setReload] = useState(0)
  const [notice, setNotice] = useState('')
  const [removing, setRemoving] = useState<UserView | null>(null)
  const admin = caller?.role === 'admin' || caller?.role === 'superadmin'

  useEffect(() => {
    if (!admin) return
    let current = true
    // A table already shown stays while the next one loads, so saving or paging does not jump.
    setList((now) => (now.state === 'ok' ? now : { state: 'loading' }))
    api.users.list({ limit: USERS_PAGE_SIZE, offset }).then(
      ({ users, total }) => {
        if (!current) return
        // The last user of a page was removed: show the page before it.
        if (!users.length && offset > 0) setOffset(lastPageOffset(total))
        else setList({ state: 'ok', users, total })
      },
      (error: unknown) => current && setList({ state: 'error', message: errorText(error, '') }),
    )
    return () => {
      current = false
    }
  }, [admin, offset, reload])

  if (!t) return <div className="skeleton" aria-hidden="true" />
  const heading = (
    <h2 id="users-title" tabIndex={-1}>
      {t('users.title')}
    </h2>
  )
  if (!caller || !admin) return heading

  const refresh = (to = offset): void => (to === offset ? setReload((n) => n + 1) : setOffset(to))
  const replace = (saved: UserView): void =>
    setList((now) => (now.state === 'ok' ? { ...now, users: now.users.map((u) => (u.id === saved.id ? saved : u)) } : now))

  return (
    <div className="users-admin">
      {heading}
      <p className="muted">{t('users.intro')}</p>
      <p role="status" className="users-notice">
        {notice}
      </p>
      {list.state === 'loading' && <div className="skeleton" role="progressbar" aria-label={t('users.loading')} />}
      {list.state === 'error' && (
        <div className="users-error">
          <FormError message={localMessage(list.message, t)} />
          <button type="button" className="button" onClick={() => refresh()}>
            {t('users.retry')}
          </button>
        </div>
      )}
      {list.state === 'ok' && !list.users.length && <p>{t('users.empty')}</p>}
      {list.state === 'ok' && list.users.length > 0 && (
        <UsersTable
          users={list.users}
          total={list.total}
          offset={offset}
          caller={caller}
          t={t}
          onPage={setOffset}
          onSaved={(saved) => {
            replace(saved)
            setNotice(t('users.saved', { name: saved.name || saved.email }))
          }}
          onRemove={setRemoving}
        />
      )}
      <RemoveDialog
        user={removing}
        t={t}
        onClose={() => setRemoving(null)}
        onRemoved={(user) => {
          setNotice(t('users.removed', { name: user.name || user.email }))
          refresh()
          document.getElementById('users-title')?.focus()
        }}
      />
      <AddUser
        caller={caller}
        t={t}
        onAdded={(user) => {
          setNotice(t('users.added', { name: user.name || user.email }))
          // Users are listed oldest first: the new one is on the last page.
          refresh(lastPageOffset((list.state === 'ok' ? list.total : 0) + 1))
        }}
      />
    </div>
  )
}

function UsersTable(props: {
  users: UserView[]
  total: number
  offset: number
  caller: TokenUser
  t: T
  onPage: (offset: number) => void
  onSaved: (user: UserView) => void
  onRemove: (user: UserView) => void
}) {
  const { users, total, offset, t } = props
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE))
  const page = Math.floor(offset / USERS_PAGE_SIZE) + 1
  const range = { from: String(offset + 1), to: String(offset + users.length), total: String(total) }
  const headers = [
    'users.name',
    'users.email',
    'users.provider',
    'users.role',
    'users.scope',
    'users.created',
    'users.lastSignIn',
  ] as const
  return (
    <>
      <table className="users-table">
        <caption>{t('users.caption', range)}</caption>
        <thead>
          <tr>
            {headers.map((key) => (
              <th key={key} scope="col">
                {t(key)}
              </th>
            ))}
            <th scope="col">
              <span className="sr-only">{t('users.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} caller={props.caller} t={t} onSaved={props.onSaved} onRemove={props.onRemove} />
          ))}
        </tbody>
      </table>
      {pages > 1 && (
        <nav className="row users-pages" aria-label={t('users.pages')}>
          <button type="button" className="button" disabled={page <= 1} onClick={() => props.onPage(offset - USERS_PAGE_SIZE)}>
            {t('users.previous')}
          </button>
          <span>{t('users.pageOf', { page: String(page), pages: String(pages) })}</span>
          <button
            type="button"
            className="button"
            disabled={page >= pages}
            onClick={() => props.onPage(offset + USERS_PAGE_SIZE)}
          >
            {t('users.next')}
          </button>
        </nav>
      )}
    </>
  )
}
