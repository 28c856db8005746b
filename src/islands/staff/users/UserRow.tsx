// One user in the admin table: role and scope form, remove button.
import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { UserView } from '../../../lib/api/types.ts'
import { pageLocale } from '../../../lib/client/page.ts'
import { formatAgo } from '../../../lib/format.ts'
import type { Role } from '../../../lib/decode/editor-auth.ts'
import type { TokenUser } from '../../../lib/decode/token.ts'
import { IDLE } from '../../../lib/stores/form.ts'
import { $roleSaves, clearRoleSave, saveUserRole } from '../../../lib/stores/users.ts'
import { assignableRoles, roleKey, roleOf, scopeKind, scopeValue, userAccess } from '../../../lib/users.ts'
import { failureText } from '../Field.tsx'
import type { T } from '../../../i18n/use-t.ts'

const dateFormat = new Intl.DateTimeFormat(pageLocale, { dateStyle: 'medium' })
const fullFormat = new Intl.DateTimeFormat(pageLocale, { dateStyle: 'full', timeStyle: 'short' })

export function When({ iso, ago, t }: { iso: string | null; ago: boolean; t: T }) {
  const time = iso ? Date.parse(iso) : NaN
  if (Number.isNaN(time)) return <span className="muted">{t('users.never')}</span>
  return (
    <time dateTime={iso ?? ''} title={fullFormat.format(time)}>
      {ago ? formatAgo(time, Date.now(), pageLocale) : dateFormat.format(time)}
    </time>
  )
}

export const SCOPE_LABEL = { page: 'users.scopePage', area: 'users.scopeArea', one: 'users.scopeOne' } as const
export const SCOPE_EXAMPLE = { page: 'wa/duvall', area: 'Redmond', one: '12' } as const

export function RoleOptions({ caller, current, t }: { caller: Role; current: Role; t: T }) {
  const roles = assignableRoles(caller)
  return (roles.includes(current) ? roles : [current, ...roles]).map((role) => (
    <option key={role} value={role}>
      {t(roleKey(role))}
    </option>
  ))
}

export const isRole = (value: string, caller: Role): value is Role => (assignableRoles(caller) as string[]).includes(value)

export function UserRow(props: { user: UserView; caller: TokenUser; t: T; onRemove: (user: UserView) => void }) {
  const { user, caller, t } = props
  const [role, setRole] = useState<Role>(roleOf(user))
  const [scope, setScope] = useState(scopeValue(user))
  const status = useStore($roleSaves, { keys: [String(user.id)] })[String(user.id)] ?? IDLE
  const access = userAccess(caller, user)
  const name = user.name || user.email
  const kind = scopeKind(role)
  const changed = role !== roleOf(user) || scope.trim() !== scopeValue(user)
  const errorId = `user-${user.id}-error`
  // A long address breaks before its @ rather than anywhere.
  const at = user.email.indexOf('@')

  async function save(): Promise<void> {
    const saved = await saveUserRole(user, role, scope)
    if (saved) setScope(scopeValue(saved))
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
              clearRoleSave(user.id)
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
            {failureText(status.failure, t)}
          </p>
        )}
      </td>
    </tr>
  )
}

/** An accessible confirmation (a modal <dialog>) before a user is removed. */
