import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { UserView } from '../../../server/lib/user-view.ts'
import { pageLocale } from '../../lib/client/page.ts'
import { formatAgo } from '../../lib/format.ts'
import type { Role } from '../../lib/state/auth.ts'
import type { TokenUser } from '../../lib/state/token.ts'
import { api } from '../../lib/stores/api.ts'
import { $currentUser } from '../../lib/stores/auth.ts'
import {
  USERS_PAGE_SIZE,
  assignableRoles,
  checkScope,
  lastPageOffset,
  looksLikeEmail,
  roleKey,
  roleOf,
  scopeKind,
  scopeValue,
  userAccess,
  usersMessage,
} from '../../lib/users.ts'
import { useT, type T } from '../weather/hooks.ts'
import { Field, FormError } from './Field.tsx'

type List = { state: 'loading' } | { state: 'ok'; users: UserView[]; total: number } | { state: 'error'; message: string }
type Status = { state: 'idle' } | { state: 'busy' } | { state: 'error'; message: string }

const messageOf = (error: unknown, t: T): string => usersMessage(error instanceof Error ? error.message : String(error), t)

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
      (error: unknown) => current && setList({ state: 'error', message: error instanceof Error ? error.message : '' }),
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
          <FormError message={usersMessage(list.message, t)} />
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
  ]
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

const dateFormat = new Intl.DateTimeFormat(pageLocale, { dateStyle: 'medium' })
const fullFormat = new Intl.DateTimeFormat(pageLocale, { dateStyle: 'full', timeStyle: 'short' })

function When({ iso, ago, t }: { iso: string | null; ago: boolean; t: T }) {
  const time = iso ? Date.parse(iso) : NaN
  if (Number.isNaN(time)) return <span className="muted">{t('users.never')}</span>
  return (
    <time dateTime={iso ?? ''} title={fullFormat.format(time)}>
      {ago ? formatAgo(time, Date.now(), pageLocale) : dateFormat.format(time)}
    </time>
  )
}

const SCOPE_LABEL = { page: 'users.scopePage', area: 'users.scopeArea', one: 'users.scopeOne' } as const
const SCOPE_EXAMPLE = { page: 'wa/duvall', area: 'Redmond', one: '12' } as const

function RoleOptions({ caller, current, t }: { caller: Role; current: Role; t: T }) {
  const roles = assignableRoles(caller)
  return (roles.includes(current) ? roles : [current, ...roles]).map((role) => (
    <option key={role} value={role}>
      {t(roleKey(role))}
    </option>
  ))
}

const isRole = (value: string, caller: Role): value is Role => (assignableRoles(caller) as string[]).includes(value)

function UserRow(props: {
  user: UserView
  caller: TokenUser
  t: T
  onSaved: (user: UserView) => void
  onRemove: (user: UserView) => void
}) {
  const { user, caller, t } = props
  const [role, setRole] = useState<Role>(roleOf(user))
  const [scope, setScope] = useState(scopeValue(user))
  const [status, setStatus] = useState<Status>({ state: 'idle' })
  const access = userAccess(caller, user)
  const name = user.name || user.email
  const kind = scopeKind(role)
  const changed = role !== roleOf(user) || scope.trim() !== scopeValue(user)
  const errorId = `user-${user.id}-error`
  // A long address breaks before its @ rather than anywhere.
  const at = user.email.indexOf('@')

  async function save(): Promise<void> {
    const checked = checkScope(role, scope)
    if (!checked.ok) return setStatus({ state: 'error', message: t(checked.error) })
    setStatus({ state: 'busy' })
    try {
      const saved = await api.users.assignRole(user.id, role, checked.scope)
      setStatus({ state: 'idle' })
      setScope(scopeValue(saved))
      props.onSaved(saved)
    } catch (error) {
      setStatus({ state: 'error', message: messageOf(error, t) })
    }
  }

  const manage = access === 'manage'
  const invalid = status.state === 'error'
  return (
    <tr>
      <th scope="row" data-label={t('users.name')}>
        {user.name || '—'}
        {access === 'self' && <span className="muted"> ({t('users.you')})</span>}
      </th>
      <td data-label={t('users.email')} className="users-email">
        {at > 0 ? (
          <>
            {user.email.slice(0, at)}
            <wbr />
            {user.email.slice(at)}
          </>
        ) : (
          user.email
        )}
      </td>
      <td data-label={t('users.provider')}>{user.provider}</td>
      <td data-label={t('users.role')}>
        {manage ? (
          <select
            aria-label={t('users.roleFor', { name })}
            value={role}
            onChange={(event) => {
              const next = event.target.value
              if (!isRole(next, caller.role)) return
              setRole(next)
              setScope(scopeKind(next) === scopeKind(roleOf(user)) ? scopeValue(user) : '')
              setStatus({ state: 'idle' })
            }}
          >
            <RoleOptions caller={caller.role} current={roleOf(user)} t={t} />
          </select>
        ) : (
          t(roleKey(roleOf(user)))
        )}
      </td>
      <td data-label={t('users.scope')}>
        {manage && kind ? (
          <input
            type="text"
            aria-label={t('users.scopeFor', { scope: t(SCOPE_LABEL[kind]), name })}
            placeholder={SCOPE_EXAMPLE[kind]}
            value={scope}
            maxLength={200}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            onChange={(event) => setScope(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && changed && void save()}
          />
        ) : (
          scopeValue(user) || <span className="muted">—</span>
        )}
      </td>
      <td data-label={t('users.created')}>
        <When iso={user.createdAt} ago={false} t={t} />
      </td>
      <td data-label={t('users.lastSignIn')}>
        <When iso={user.lastLoginAt} ago t={t} />
      </td>
      <td className="users-actions">
        {manage ? (
          <span className="row">
            <button
              type="button"
              className="button"
              disabled={!changed || status.state === 'busy'}
              aria-busy={status.state === 'busy'}
              onClick={() => void save()}
            >
              {t('users.save')}
              <span className="sr-only"> {name}</span>
            </button>
            <button type="button" className="button danger" onClick={() => props.onRemove(user)}>
              {t('users.remove')}
              <span className="sr-only"> {name}</span>
            </button>
          </span>
        ) : (
          <span className="muted">{t(access === 'self' ? 'users.selfNote' : 'users.superadminOnly')}</span>
        )}
        {invalid && (
          <p className="form-error" role="alert" id={errorId}>
            {status.message}
          </p>
        )}
      </td>
    </tr>
  )
}

/** An accessible confirmation (a modal <dialog>) before a user is removed. */
function RemoveDialog(props: { user: UserView | null; t: T; onClose: () => void; onRemoved: (user: UserView) => void }) {
  const { user, t } = props
  const dialog = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const removed = useRef(false)
  const [status, setStatus] = useState<Status>({ state: 'idle' })

  useEffect(() => {
    const element = dialog.current
    if (!user || !element || element.open) return
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    removed.current = false
    element.showModal()
    // Cancel, not the destructive button, has the focus first.
    cancel.current?.focus()
  }, [user])

  async function confirm(): Promise<void> {
    if (!user) return
    setStatus({ state: 'busy' })
    try {
      await api.users.remove(user.id)
      removed.current = true
      dialog.current?.close()
      props.onRemoved(user)
    } catch (error) {
      setStatus({ state: 'error', message: messageOf(error, t) })
    }
  }

  return (
    <dialog
      ref={dialog}
      className="users-dialog"
      aria-labelledby="users-remove-title"
      aria-describedby="users-remove-text"
      onClose={() => {
        setStatus({ state: 'idle' })
        props.onClose()
        if (!removed.current) opener.current?.focus()
      }}
    >
      <h3 id="users-remove-title">{t('users.removeTitle')}</h3>
      <p id="users-remove-text">{user && t('users.removeConfirm', { name: user.name || user.email, email: user.email })}</p>
      {status.state === 'error' && <FormError message={status.message} />}
      <p className="row">
        <button
          type="button"
          className="button danger"
          disabled={status.state === 'busy'}
          aria-busy={status.state === 'busy'}
          onClick={() => void confirm()}
        >
          {t('users.removeYes')}
        </button>
        <button type="button" className="button" ref={cancel} onClick={() => dialog.current?.close()}>
          {t('users.cancel')}
        </button>
      </p>
    </dialog>
  )
}

/** Adds a user with a role; they sign in with Google, GitHub, or email after a password reset. */
function AddUser({ caller, t, onAdded }: { caller: TokenUser; t: T; onAdded: (user: UserView) => void }) {
  const [email, setEmail] = useState('')
  const [name, setName] = useState('')
  const [role, setRole] = useState<Role>('none')
  const [scope, setScope] = useState('')
  const [status, setStatus] = useState<Status>({ state: 'idle' })
  const kind = scopeKind(role)

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    if (!looksLikeEmail(email)) return setStatus({ state: 'error', message: t('users.emailInvalid') })
    const checked = checkScope(role, scope)
    if (!checked.ok) return setStatus({ state: 'error', message: t(checked.error) })
    setStatus({ state: 'busy' })
    try {
      const user = await api.users.add({ email: email.trim(), name: name.trim(), role, ...checked.scope })
      setEmail('')
      setName('')
      setRole('none')
      setScope('')
      setStatus({ state: 'idle' })
      onAdded(user)
    } catch (error) {
      setStatus({ state: 'error', message: messageOf(error, t) })
    }
  }

  return (
    <form className="stack users-add" aria-labelledby="users-add-title" noValidate onSubmit={(event) => void submit(event)}>
      <h3 id="users-add-title">{t('users.add')}</h3>
      <p className="muted">{t('users.addHint')}</p>
      <Field
        id="users-add-email"
        label={t('users.email')}
        type="email"
        autoComplete="off"
        value={email}
        onChange={setEmail}
        maxLength={254}
      />
      <Field
        id="users-add-name"
        label={t('users.name')}
        type="text"
        autoComplete="off"
        value={name}
        onChange={setName}
        maxLength={100}
      />
      <p>
        <label htmlFor="users-add-role">{t('users.role')}</label>
        <select
          id="users-add-role"
          value={role}
          onChange={(event) => {
            if (isRole(event.target.value, caller.role)) setRole(event.target.value)
          }}
        >
          <RoleOptions caller={caller.role} current="none" t={t} />
        </select>
      </p>
      {kind && (
        <p>
          <label htmlFor="users-add-scope">{t(SCOPE_LABEL[kind])}</label>
          <input
            id="users-add-scope"
            type="text"
            placeholder={SCOPE_EXAMPLE[kind]}
            value={scope}
            maxLength={200}
            onChange={(event) => setScope(event.target.value)}
          />
        </p>
      )}
      {status.state === 'error' && <FormError message={status.message} />}
      <p>
        <button type="submit" className="button" disabled={status.state === 'busy'} aria-busy={status.state === 'busy'}>
          {t('users.addSubmit')}
        </button>
      </p>
    </form>
  )
}
