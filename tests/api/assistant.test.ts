// POST /api/assistant against a local fake of an OpenAI-compatible API: off without configuration,
// limits on what is sent, the model's answer or a clean failure, and rate limits.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { NOT_CONFIGURED, TIMED_OUT, UNAVAILABLE } from '../../server/routes/assistant.ts'
import { backends } from './backends.ts'
import { startHarness, type Harness } from './harness.ts'

type Mode = 'ok' | 'error' | 'empty' | 'huge' | 'slow' | 'not-json'

/** Answers /v1/chat/completions as the test's mode says, and keeps what it was sent. */
async function startModelFake() {
  const state = { mode: 'ok' as Mode, requests: [] as { auth: string | undefined; body: any }[] }
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') return response.writeHead(404).end()
      state.requests.push({ auth: request.headers.authorization, body: JSON.parse(body) })
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(typeof value === 'string' ? value : JSON.stringify(value))
      }
      switch (state.mode) {
        case 'ok':
          return send(200, {
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: '  It is 37°F and dry, from the forecast updated 10 minutes ago.  ' },
              },
            ],
          })
        case 'error':
          return send(500, { error: { message: 'upstream broke' } })
        case 'empty':
          return send(200, { choices: [] })
        case 'huge':
          return send(200, { choices: [{ message: { content: 'x'.repeat(200_000) } }] })
        case 'not-json':
          return send(200, '<html>proxy error</html>')
        case 'slow':
          return void setTimeout(() => send(200, { choices: [{ message: { content: 'late' } }] }), 1_000)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  return { state, base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

const question = {
  question: 'Will it rain tomorrow?',
  language: 'de',
  summary: 'Place: Duvall, WA\n[Forecast, updated 10 minutes ago]',
}

describe.each(await backends())('assistant on $name', (backend) => {
  let fake: Awaited<ReturnType<typeof startModelFake>>
  let api: Harness
  let off: Harness
  beforeAll(async () => {
    fake = await startModelFake()
    api = await startHarness(backend, {
      ASSISTANT_API_URL: `${fake.base}/`,
      ASSISTANT_API_KEY: 'sk-test',
      ASSISTANT_MODEL: 'test-model',
    })
    api.config.assistantTimeoutMs = 300
    off = await startHarness(backend)
  })
  afterAll(async () => {
    await api.close()
    await off.close()
    await fake.close()
  })
  beforeEach(() => {
    fake.state.mode = 'ok'
    fake.state.requests = []
    // A new minute for each test, so the per-minute limit only counts the test's own questions.
    api.clock.now = new Date(api.clock.now.getTime() + 60_000)
  })

  it('answers 404 without a configured model, whatever is sent', async () => {
    expect(await off.send('POST', '/api/assistant', { body: question })).toMatchObject({
      status: 404,
      body: { error: NOT_CONFIGURED },
    })
    expect(await off.send('POST', '/api/assistant', { body: { nonsense: true } })).toMatchObject({
      status: 404,
      body: { error: NOT_CONFIGURED },
    })
  })

  it('says whether a model is configured, with a 200 either way (the browser asks before any question)', async () => {
    expect(await off.send('GET', '/api/assistant')).toMatchObject({ status: 200, body: { configured: false } })
    expect(await api.send('GET', '/api/assistant')).toMatchObject({ status: 200, body: { configured: true } })
    expect(fake.state.requests).toHaveLength(0)
  })

  it('passes the question and the summary to the model, limited to the summary, in the visitor language', async () => {
    const answer = await api.send('POST', '/api/assistant', { body: question })
    expect(answer).toMatchObject({
      status: 200,
      body: { answer: 'It is 37°F and dry, from the forecast updated 10 minutes ago.' },
    })
    expect(fake.state.requests).toHaveLength(1)
    const [sent] = fake.state.requests
    expect(sent?.auth).toBe('Bearer sk-test')
    expect(sent?.body).toMatchObject({
      model: 'test-model',
      messages: [{ role: 'system' }, { role: 'user', content: question.question }],
    })
    const system: string = sent?.body.messages[0].content
    expect(system).toContain('using only the data summary below')
    expect(system).toContain('Answer in German')
    expect(system).toContain('outside what you know')
    expect(system).toContain(question.summary)
  })

  it.each([
    ['an empty question', { ...question, question: '   ' }],
    ['a question over 300 characters', { ...question, question: 'x'.repeat(301) }],
    ['a summary over 6,000 characters', { ...question, summary: 'x'.repeat(6001) }],
    ['an unknown language', { ...question, language: 'xx' }],
    ['an unknown field', { ...question, history: [] }],
    ['a missing summary', { question: 'Hi', language: 'en' }],
  ])('refuses %s with 400 and sends nothing', async (_, body) => {
    const answer = await api.send('POST', '/api/assistant', { body })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatch(/^Invalid request/)
    expect(fake.state.requests).toHaveLength(0)
  })

  it('refuses a body over the API limit', async () => {
    expect((await api.send('POST', '/api/assistant', { body: { ...question, summary: 'x'.repeat(70_000) } })).status).toBe(413)
  })

  it.each([
    ['error' as const, 502, UNAVAILABLE],
    ['empty' as const, 502, UNAVAILABLE],
    ['huge' as const, 502, UNAVAILABLE],
    ['not-json' as const, 502, UNAVAILABLE],
    ['slow' as const, 504, TIMED_OUT],
  ])('answers a model that is %s with %i', async (mode, status, error) => {
    fake.state.mode = mode
    expect(await api.send('POST', '/api/assistant', { body: question })).toMatchObject({ status, body: { error } })
  })

  it('limits each address to 10 questions a minute', async () => {
    for (let i = 0; i < 10; i++) expect((await api.send('POST', '/api/assistant', { body: question })).status).toBe(200)
    const limited = await api.send('POST', '/api/assistant', { body: question })
    expect(limited).toMatchObject({ status: 429, body: { error: 'Too many attempts. Please try again later.' } })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(fake.state.requests).toHaveLength(10)
  })

  it('is in the OpenAPI document', async () => {
    const doc = await api.send('GET', '/api/openapi.json')
    expect(Object.keys(doc.body.paths['/api/assistant']).sort()).toEqual(['get', 'post'])
  })
})
