// Adds a user by email with a role and its scope.
import { useState, type FormEvent } from 'react'
import type { UserView } from '../../../../server/lib/user-view.ts'
import type { Role } from '../../../lib/state/auth.ts'
import type { TokenUser } from '../../../lib/state/token.ts'
import { api } from '../../../lib/stores/api.ts'
import { checkScope, looksLikeEmail, scopeKind } from '../../../lib/users.ts'
import type { T } from '../../../i18n/use-t.ts'
import { Field, FormError } from '../Field.tsx'
import { RoleOptions, SCOPE_EXAMPLE, SCOPE_LABEL, isRole, messageOf, type Status } from './UserRow.tsx'

export function AddUser({ caller, t, onAdded }: { caller: TokenUser; t: T; onAdded: (user: UserView) => void }) {
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
