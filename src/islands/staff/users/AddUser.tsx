// Adds a user by email with a role and its scope.
import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import type { Role } from '../../../lib/decode/editor-auth.ts'
import type { TokenUser } from '../../../lib/decode/token.ts'
import { $addUserStatus, addUser } from '../../../lib/stores/users.ts'
import { scopeKind } from '../../../lib/users.ts'
import type { T } from '../../../i18n/use-t.ts'
import { Field, FormError, failureText } from '../Field.tsx'
import { RoleOptions, SCOPE_EXAMPLE, SCOPE_LABEL, isRole } from './UserRow.tsx'

export function AddUser({ caller, t }: { caller: TokenUser; t: T }) {
  const [email, setEmail] = useState('')
  const [name, setName] = useState('')
  const [role, setRole] = useState<Role>('none')
  const [scope, setScope] = useState('')
  const status = useStore($addUserStatus)
  const kind = scopeKind(role)

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault()
    if (!(await addUser({ email, name, role, scope }))) return
    setEmail('')
    setName('')
    setRole('none')
    setScope('')
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
      {status.state === 'error' && <FormError message={failureText(status.failure, t)} />}
      <p>
        <button type="submit" className="button" disabled={status.state === 'busy'} aria-busy={status.state === 'busy'}>
          {t('users.addSubmit')}
        </button>
      </p>
    </form>
  )
}
