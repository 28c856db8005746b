import { useStore } from '@nanostores/react'
import type { UserView } from '../../lib/api/types.ts'
import type { TokenUser } from '../../lib/decode/token.ts'
import { $currentUser } from '../../lib/stores/auth.ts'
import {
  $users,
  $usersNotice,
  $usersOffset,
  askRemoveUser,
  refreshUsers,
  showUsersPage,
  type UsersNotice,
} from '../../lib/stores/users.ts'
import { USERS_PAGE_SIZE } from '../../lib/users.ts'
import { useT, type T } from '../../i18n/use-t.ts'
import { FormError, failureText } from './Field.tsx'
import { AddUser } from './users/AddUser.tsx'
import { RemoveDialog } from './users/RemoveDialog.tsx'
import { UserRow } from './users/UserRow.tsx'

const NOTICE_KEYS = { saved: 'users.saved', removed: 'users.removed', added: 'users.added' } as const

/** The status line after a change, in the page's language. */
function noticeText(notice: UsersNotice, t: T): string {
  return notice ? t(NOTICE_KEYS[notice.kind], { name: notice.name }) : ''
}

/** Lists staff accounts for admins and superadmins: change a role and its scope, remove, add (SPEC section 6). */
export function UsersAdmin() {
  const t = useT()
  const caller = useStore($currentUser)
  const list = useStore($users)
  const offset = useStore($usersOffset)
  const notice = useStore($usersNotice)
  const admin = caller?.role === 'admin' || caller?.role === 'superadmin'

  if (!t) return <div className="skeleton" aria-hidden="true" />
  const heading = (
    <h2 id="users-title" tabIndex={-1}>
      {t('users.title')}
    </h2>
  )
  if (!caller || !admin) return heading

  return (
    <div className="users-admin">
      {heading}
      <p className="muted">{t('users.intro')}</p>
      <p role="status" className="users-notice">
        {noticeText(notice, t)}
      </p>
      {list.state === 'loading' && <div className="skeleton" role="progressbar" aria-label={t('users.loading')} />}
      {list.state === 'error' && (
        <div className="users-error">
          <FormError message={failureText(list.failure, t)} />
          <button type="button" className="button" onClick={() => refreshUsers()}>
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
          onPage={showUsersPage}
          onRemove={askRemoveUser}
        />
      )}
      <RemoveDialog t={t} onRemoved={() => document.getElementById('users-title')?.focus()} />
      <AddUser caller={caller} t={t} />
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
            <UserRow key={user.id} user={user} caller={props.caller} t={t} onRemove={props.onRemove} />
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
