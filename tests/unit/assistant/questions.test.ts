// The question table: in each language, questions and the answers the fixed data must give.
import { describe, expect, it } from 'vitest'
import { dictionaries } from '../../../src/i18n/index.ts'
import { answer } from '../../../src/lib/assistant/answer.ts'
import { readQuestion } from '../../../src/lib/assistant/intents.ts'
import type { Intent, Scope } from '../../../src/lib/assistant/vocabulary.ts'
import type { Locale } from '../../../src/lib/routing/routes.ts'
import { businesses, snapshot, translator } from './fixture.ts'

/** question, topic, time, then texts the answer must contain ('!text' must be absent). */
type Row = [question: string, intent: Intent, scope: Scope, expected: string[]]

const HELP: string[] = []
const TABLE: Record<Locale, { cite: string; rows: Row[] }> = {
  en: {
    cite: 'From the forecast updated 10 minutes ago.',
    rows: [
      [
        'Will it rain tomorrow?',
        'rain',
        'tomorrow',
        ['Tomorrow in Duvall, WA: 80% chance of precipitation, a total of about 0.2 in (Rain (moderate)).'],
      ],
      ['Is it raining right now?', 'rain', 'now', ['No precipitation in Duvall, WA right now (Overcast).']],
      [
        'Will I need an umbrella later?',
        'rain',
        'later',
        ['Later today in Duvall, WA: precipitation is likely, up to 45% around 11:00 PM'],
      ],
      ['How cold is it tonight?', 'temperature', 'tonight', ['Tonight in Duvall, WA: between 35°F and 38°F.']],
      [
        "What's the weather this week?",
        'weather',
        'week',
        ['The week in Duvall, WA:', 'Saturday: Overcast, 48°F / 37°F, 25% chance'],
      ],
      ['Is it windy?', 'wind', 'now', ['Wind in Duvall, WA right now: 4 mph from the south, gusts up to 12 mph.']],
      ['Do I need sunscreen tomorrow?', 'uv', 'tomorrow', ['Tomorrow in Duvall, WA: UV index up to 2 (Low).']],
      ['How is the air quality?', 'air', 'now', ['US AQI 42, Good.', 'fine particles (PM2.5)']],
      [
        'Are there any weather alerts?',
        'alerts',
        'now',
        ['High Wind Warning (Severe, until Jan 16, 4:00 AM)', 'Wind Advisory (Moderate'],
      ],
      ['Are schools closed?', 'statuses', 'now', ['Cedarcrest High School: two-hour late start (Pending)', '!Water main']],
      [
        'Any lane closures on the roads?',
        'roads',
        'now',
        ['SR 203 Duvall to Carnation: Southbound: right lane closed (Active, Southbound, Lane closure)'],
      ],
      [
        'Which businesses are open now?',
        'open',
        'now',
        ['Valley Hop Taproom (until 10:00 PM); Duvall Fuel & Market (open 24 hours)', '!Stella'],
      ],
      ['When does Stella Street Pizza open?', 'open', 'now', ['Stella Street Pizza is closed now. It opens Friday at 11:00 AM.']],
      ['What can you do?', 'help', 'now', HELP],
      ['Who won the football game?', 'unknown', 'now', []],
    ],
  },
  es: {
    cite: 'Según el pronóstico actualizado hace 10 minutos.',
    rows: [
      ['¿Lloverá mañana?', 'rain', 'tomorrow', ['Mañana en Duvall, WA: 80 % de probabilidad']],
      ['¿Está lloviendo ahora?', 'rain', 'now', ['No hay precipitación en Duvall, WA ahora mismo (Cielo cubierto)']],
      ['¿Qué temperatura hará esta noche?', 'temperature', 'tonight', ['Esta noche en Duvall, WA: entre 35 °F y 38 °F.']],
      ['¿Qué tiempo hará esta semana?', 'weather', 'week', ['La semana en Duvall, WA:', 'Sábado:']],
      ['¿Hace viento?', 'wind', 'now', ['Viento en Duvall, WA ahora mismo: 4 mi/h del sur, con ráfagas de hasta 12 mi/h.']],
      ['¿Necesito protector solar mañana?', 'uv', 'tomorrow', ['Mañana en Duvall, WA: índice UV de hasta 2']],
      ['¿Cómo está la calidad del aire?', 'air', 'now', ['AQI de EE. UU. 42']],
      ['¿Hay alertas meteorológicas?', 'alerts', 'now', ['Alertas meteorológicas activas para Duvall, WA: High Wind Warning']],
      ['¿Hay cierres de escuelas?', 'statuses', 'now', ['Cedarcrest High School', '(Pendiente)', '!Water main']],
      ['¿Cómo está el tráfico en la carretera?', 'roads', 'now', ['Estado de las carreteras cerca de Duvall, WA: SR 203']],
      [
        '¿Qué negocios están abiertos ahora?',
        'open',
        'now',
        ['Abiertos ahora cerca de Duvall, WA: Valley Hop Taproom (hasta las 22:00)'],
      ],
      [
        '¿A qué hora abre Stella Street Pizza?',
        'open',
        'now',
        ['Stella Street Pizza está cerrado ahora. Abre el viernes a las 11:00.'],
      ],
      ['Ayuda, por favor', 'help', 'now', HELP],
      ['¿Quién ganó el partido de fútbol?', 'unknown', 'now', []],
    ],
  },
  fr: {
    cite: "D'après les prévisions mises à jour il y a 10 minutes.",
    rows: [
      ['Va-t-il pleuvoir demain ?', 'rain', 'tomorrow', ['Demain à Duvall, WA : 80 % de probabilité de précipitations']],
      ["Est-ce qu'il pleut maintenant ?", 'rain', 'now', ['Pas de précipitations à Duvall, WA en ce moment']],
      [
        'Quelle température fera-t-il cette nuit ?',
        'temperature',
        'tonight',
        ['Cette nuit à Duvall, WA : entre 35 °F et 38 °F.'],
      ],
      ['Quel temps fera-t-il cette semaine ?', 'weather', 'week', ['La semaine à Duvall, WA :', 'Samedi :']],
      ['Y a-t-il du vent ?', 'wind', 'now', ["Vent à Duvall, WA en ce moment : 4 mi/h de secteur sud, rafales jusqu'à 12 mi/h."]],
      ['Ai-je besoin de crème solaire demain ?', 'uv', 'tomorrow', ["Demain à Duvall, WA : indice UV jusqu'à 2"]],
      ["Quelle est la qualité de l'air ?", 'air', 'now', ['AQI américain 42']],
      ['Y a-t-il des alertes météo ?', 'alerts', 'now', ['Alertes météo actives pour Duvall, WA : High Wind Warning']],
      ['Les écoles sont-elles fermées ?', 'statuses', 'now', ['Cedarcrest High School', '!Water main']],
      ['Comment est la circulation sur la route ?', 'roads', 'now', ['État des routes près de Duvall, WA : SR 203']],
      [
        'Quels commerces sont ouverts maintenant ?',
        'open',
        'now',
        ["Ouverts en ce moment près de Duvall, WA : Valley Hop Taproom (jusqu'à 22:00)"],
      ],
      [
        'À quelle heure ouvre Stella Street Pizza ?',
        'open',
        'now',
        ['Stella Street Pizza est fermé en ce moment. Ouverture vendredi à 11:00.'],
      ],
      ['Aide', 'help', 'now', HELP],
      ['Qui a gagné le match de football ?', 'unknown', 'now', []],
    ],
  },
  de: {
    cite: 'Laut der Vorhersage, aktualisiert vor 10 Minuten.',
    rows: [
      ['Regnet es morgen?', 'rain', 'tomorrow', ['Morgen in Duvall, WA: 80 % Niederschlagswahrscheinlichkeit']],
      ['Regnet es gerade?', 'rain', 'now', ['In Duvall, WA gibt es gerade keinen Niederschlag (Bedeckt)']],
      ['Wie kalt wird es heute Nacht?', 'temperature', 'tonight', ['Heute Nacht in Duvall, WA: zwischen 35 °F und 38 °F.']],
      ['Wie wird das Wetter diese Woche?', 'weather', 'week', ['Die Woche in Duvall, WA:', 'Samstag:']],
      ['Ist es windig?', 'wind', 'now', ['Wind in Duvall, WA im Moment: 4 mi/h aus Süden, Böen bis 12 mi/h.']],
      ['Brauche ich morgen Sonnencreme?', 'uv', 'tomorrow', ['Morgen in Duvall, WA: UV-Index bis 2']],
      ['Wie ist die Luftqualität?', 'air', 'now', ['US-AQI 42']],
      ['Gibt es Unwetterwarnungen?', 'alerts', 'now', ['Aktive Wetterwarnungen für Duvall, WA: High Wind Warning']],
      ['Fällt die Schule aus?', 'statuses', 'now', ['Cedarcrest High School', '!Water main']],
      ['Wie ist der Verkehr auf der Straße?', 'roads', 'now', ['Straßenverhältnisse in der Nähe von Duvall, WA: SR 203']],
      [
        'Welche Geschäfte haben jetzt geöffnet?',
        'open',
        'now',
        ['Jetzt geöffnet in der Nähe von Duvall, WA: Valley Hop Taproom (bis 22:00)'],
      ],
      [
        'Wann öffnet Stella Street Pizza?',
        'open',
        'now',
        ['Stella Street Pizza ist jetzt geschlossen. Öffnet am Freitag um 11:00.'],
      ],
      ['Hilfe', 'help', 'now', HELP],
      ['Wer hat das Fußballspiel gewonnen?', 'unknown', 'now', []],
    ],
  },
  ja: {
    cite: '予報（更新：10 分前）に基づく回答です。',
    rows: [
      ['明日は雨が降りますか？', 'rain', 'tomorrow', ['明日（Duvall, WA）：降水確率80%']],
      ['今、雨は降っていますか？', 'rain', 'now', ['Duvall, WAでは現在降水はありません']],
      ['今夜の気温は？', 'temperature', 'tonight', ['今夜（Duvall, WA）：35°Fから38°Fの間です。']],
      ['今週の天気は？', 'weather', 'week', ['今週のDuvall, WA：', '土曜日：']],
      ['風は強いですか？', 'wind', 'now', ['Duvall, WAの現在の風：4 mph']],
      ['明日は日焼け止めが必要ですか？', 'uv', 'tomorrow', ['明日（Duvall, WA）：UV指数は最大2']],
      ['空気の質はどうですか？', 'air', 'now', ['米国AQI 42']],
      ['気象警報は出ていますか？', 'alerts', 'now', ['Duvall, WAに発表中の気象警報：High Wind Warning']],
      ['学校は休校ですか？', 'statuses', 'now', ['Cedarcrest High School', '!Water main']],
      ['道路の渋滞はありますか？', 'roads', 'now', ['Duvall, WA付近の道路状況：SR 203']],
      ['今営業しているお店はどこですか？', 'open', 'now', ['Duvall, WA付近で現在営業中：Valley Hop Taproom（22:00まで）']],
      [
        'Stella Street Pizzaは何時に開きますか？',
        'open',
        'now',
        ['Stella Street Pizzaは現在閉まっています。次の開店は金曜日の11:00です。'],
      ],
      ['何ができますか？', 'help', 'now', HELP],
      ['昨日の野球の試合の結果は？', 'unknown', 'now', []],
    ],
  },
  zh: {
    cite: '根据预报（更新时间：10分钟前）。',
    rows: [
      ['明天会下雨吗？', 'rain', 'tomorrow', ['明天（Duvall, WA）：降水概率80%']],
      ['现在在下雨吗？', 'rain', 'now', ['Duvall, WA现在没有降水']],
      ['今晚气温多少？', 'temperature', 'tonight', ['今晚（Duvall, WA）：35°F至38°F之间。']],
      ['这周天气怎么样？', 'weather', 'week', ['本周Duvall, WA：', '星期六：']],
      ['现在风大吗？', 'wind', 'now', ['Duvall, WA现在的风：4 mi/h，来自南方向，阵风最高12 mi/h。']],
      ['明天需要防晒吗？', 'uv', 'tomorrow', ['明天（Duvall, WA）：紫外线指数最高2']],
      ['空气质量怎么样？', 'air', 'now', ['美国 AQI 42']],
      ['有天气预警吗？', 'alerts', 'now', ['Duvall, WA目前生效的天气预警：High Wind Warning']],
      ['学校停课了吗？', 'statuses', 'now', ['Cedarcrest High School', '!Water main']],
      ['道路交通怎么样？', 'roads', 'now', ['Duvall, WA附近的路况：SR 203']],
      ['现在哪些店在营业？', 'open', 'now', ['Duvall, WA附近正在营业：Valley Hop Taproom（营业至22:00）']],
      ['Stella Street Pizza几点开门？', 'open', 'now', ['Stella Street Pizza现在已打烊，将于星期五11:00开门。']],
      ['你能做什么？', 'help', 'now', HELP],
      ['昨天的足球比赛谁赢了？', 'unknown', 'now', []],
    ],
  },
}

/** Intl puts narrow and no-break spaces in numbers and units; the table is written with plain ones. */
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ')
const names = businesses.map((business) => business.title)

describe.each(Object.entries(TABLE) as [Locale, (typeof TABLE)[Locale]][])('%s', (locale, { cite, rows }) => {
  const t = translator(locale)
  it.each(rows)('%s', (question, intent, scope, expected) => {
    const reading = readQuestion(question, names)
    expect([reading.intent, reading.scope]).toEqual([intent, scope])
    const { text, cite: cited } = answer(reading, snapshot({ locale }), t, question)
    for (const part of expected) {
      if (part.startsWith('!')) expect(plain(text)).not.toContain(part.slice(1))
      else expect(plain(text)).toContain(part)
    }
    if (intent === 'help') expect(text).toBe(dictionaries[locale]['assistant.help'])
    if (intent === 'unknown') expect([text, cited]).toEqual([dictionaries[locale]['assistant.unknown'], null])
    if (['rain', 'temperature', 'weather', 'wind', 'uv'].includes(intent)) expect(plain(cited ?? '')).toBe(cite)
    if (!['help', 'unknown'].includes(intent)) expect(cited).toBeTruthy()
  })

  it('reads its example questions as meant', () => {
    const examples = {
      'assistant.example.rain': 'rain',
      'assistant.example.temperature': 'temperature',
      'assistant.example.air': 'air',
      'assistant.example.open': 'open',
    }
    for (const [key, intent] of Object.entries(examples))
      expect([key, readQuestion(dictionaries[locale][key] ?? '').intent]).toEqual([key, intent])
  })
})
