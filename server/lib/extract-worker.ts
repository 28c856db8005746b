// Worker thread entry for the template job: runs extractText off the API's event loop, so a costly selector can be stopped.
import { parentPort } from 'node:worker_threads'
import { extractText } from './extract.ts'
import type { ExtractReply, ExtractRequest } from './extract-pool.ts'

const port = parentPort!
port.on('message', ({ id, template, body }: ExtractRequest) => {
  let reply: ExtractReply
  try {
    reply = { id, ok: true, text: extractText(template, body) }
  } catch (error) {
    reply = { id, ok: false, error: error instanceof Error ? error.message : String(error) }
  }
  port.postMessage(reply)
})
// Tells the pool the modules are loaded, so the time limit measures extraction, not start-up.
port.postMessage({ ready: true })
