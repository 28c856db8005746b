// Mounts the edit dialog on the page the first time an item is opened for editing (SPEC: it opens over any page).
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { EditDialog } from '../islands/staff/EditDialog.tsx'
import '../styles/editor.css'
import { includeTexts } from '../lib/stores/dictionary.ts'

includeTexts('staff')
const host = document.createElement('div')
host.id = 'edit-dialog-root'
document.body.append(host)
createRoot(host).render(createElement(EditDialog))
