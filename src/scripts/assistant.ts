// Mounts the assistant panel the first time its button is pressed (scripts/layout.ts imports this module
// then, never before), and keeps the button's aria-expanded in step with the panel.
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { ChatPanel } from '../islands/assistant/ChatPanel.tsx'
import { $assistantOpen } from '../lib/stores/assistant.ts'
import { includeTexts } from '../lib/stores/dictionary.ts'

includeTexts('assistant')
const toggle = document.getElementById('assistant-toggle')
const host = document.getElementById('assistant-panel')
if (host) createRoot(host).render(createElement(ChatPanel, { toggle }))
$assistantOpen.subscribe((open) => toggle?.setAttribute('aria-expanded', String(open)))

export { toggleAssistant } from '../lib/stores/assistant.ts'
