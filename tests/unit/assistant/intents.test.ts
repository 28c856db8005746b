import { describe, expect, it } from 'vitest'
import { limitQuestion, QUESTION_MAX } from '../../../src/lib/assistant/limits.ts'
import { namedBusiness, questionScope, readQuestion } from '../../../src/lib/assistant/intents.ts'
import { hasKeyword, normalize } from '../../../src/lib/assistant/normalize.ts'
import { INTENT_WORDS, SCOPE_WORDS } from '../../../src/lib/assistant/vocabulary.ts'

describe('normalize', () => {
  it.each([
    ['¿Lloverá MAÑANA?', 'llovera manana'],
    ["Qu'est-ce qu'il fait aujourd'hui ?", 'qu est ce qu il fait aujourd hui'],
    ['Wie heiß wird es in der Straße?', 'wie heiss wird es in der strasse'],
    ['ＵＶ指数は？', 'uv 指数は'],
    ['Riverbend Caféは何時に開きますか', 'riverbend cafe は何時に開きますか'],
    ['明日は雨が降りますか？', '明日は雨が降りますか'],
    ['  many   spaces\n', 'many spaces'],
  ])('%s → %s', (text, folded) => {
    expect(normalize(text)).toBe(folded)
  })

  it('writes every keyword as normalize leaves it', () => {
    const words = [...Object.values(INTENT_WORDS), ...Object.values(SCOPE_WORDS)].flatMap((table) => Object.values(table).flat())
    for (const word of words) expect(normalize(word.replace(/^=/, ''))).toBe(word.replace(/^=/, ''))
  })
})

describe('hasKeyword', () => {
  it.each([
    ['is it raining', 'rain', true],
    ['any brain food', 'rain', false],
    ['is the hotel open', '=hot', false],
    ['is it hot', '=hot', true],
    ['is it hot outside', '=hot', true],
    ['rest of the day', 'rest of the', true],
    ['明日は雨', '雨', true],
    ['stella street pizza は何時', '=pizza', true],
  ] as const)('%s has %s: %s', (question, keyword, found) => {
    expect(hasKeyword(question, keyword)).toBe(found)
  })
})

describe('questionScope', () => {
  it.each([
    ['Will it rain tomorrow night?', 'tomorrow'],
    ['What about the weekend?', 'week'],
    ['Is it cold tonight?', 'tonight'],
    ['Wird es heute Morgen regnen?', 'later'],
    ['¿Lloverá esta mañana?', 'later'],
    ['Regnet es morgen früh?', 'tomorrow'],
    ['今日は寒いですか', 'later'],
    ['今寒いですか', 'now'],
    ['今晚冷吗', 'tonight'],
    ['Is it cold?', null],
  ] as const)('%s → %s', (question, scope) => {
    expect(questionScope(question).scope).toBe(scope)
  })
})

describe('readQuestion', () => {
  it('lets topic words win over open, closed and the general weather words', () => {
    expect(readQuestion('Are any roads closed?').intent).toBe('roads')
    expect(readQuestion('Is there a weather alert?').intent).toBe('alerts')
    expect(readQuestion('Is there a heat advisory?').intent).toBe('alerts')
    expect(readQuestion('Is Main Street closed?', ['Stella Street Pizza']).intent).toBe('roads')
  })

  it.each([
    ['road closures', 'roads'],
    ['Any road closures near me?', 'roads'],
    ['lane closures on SR 203', 'roads'],
    ['school closures', 'statuses'],
    ['¿Hay cierres de carreteras?', 'roads'],
    ['cierres de escuelas', 'statuses'],
    ['fermetures de routes', 'roads'],
    ['Straßensperrungen heute', 'roads'],
    ['道路关闭了吗', 'roads'],
    ['学校关闭了吗', 'statuses'],
  ] as const)('a closure of roads is about roads, of anything else about statuses: %s → %s', (question, intent) => {
    expect(readQuestion(question).intent).toBe(intent)
  })

  it('defaults rain to the hours ahead and everything else to now', () => {
    expect(readQuestion('Will it rain?')).toMatchObject({ intent: 'rain', scope: 'later', scopeSaid: false })
    expect(readQuestion('How cold is it?')).toMatchObject({ intent: 'temperature', scope: 'now', scopeSaid: false })
  })

  it('finds a named business, even without an opening word', () => {
    const names = ['[Demo] Riverbend Café', '[Demo] Valley Hop Taproom', '[Demo] Valley Hardware & Feed']
    expect(readQuestion('Riverbend cafe?', names)).toMatchObject({ intent: 'open', business: 0 })
    expect(readQuestion('Is the Valley Hop Taproom open?', names)).toMatchObject({ intent: 'open', business: 1 })
    expect(namedBusiness(normalize('valley hardware hours'), names)).toEqual({ index: 2, words: 2 })
    expect(namedBusiness(normalize('is anything open'), names)).toBeNull()
    expect(readQuestion('Is anything open?', names)).toMatchObject({ intent: 'open', business: null })
  })

  it('says unknown for what it does not cover', () => {
    for (const question of ['', 'Tell me a joke', 'What is the capital of France?', '株価はどうですか', '讲个笑话'])
      expect(readQuestion(question).intent).toBe('unknown')
  })
})

describe('limitQuestion', () => {
  it('trims and cuts at the limit without splitting a character', () => {
    expect(limitQuestion('  Will it rain?  ')).toBe('Will it rain?')
    expect(limitQuestion('a'.repeat(400))).toHaveLength(QUESTION_MAX)
    const emoji = limitQuestion('☔'.repeat(299) + '🌧️🌧️')
    expect(Array.from(emoji)).toHaveLength(QUESTION_MAX)
    expect(emoji).not.toMatch(/[\uD800-\uDBFF]$/)
  })
})
