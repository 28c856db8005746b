/**
 * What the assistant listens for, in the six languages. Keywords are written as `normalize` leaves
 * them (lower case, no accents, no punctuation): a word start for Latin scripts, '=' for a whole
 * word, and anywhere in the text for Japanese and Chinese. Any language's words work on any page.
 */

import type { Locale } from '../routing/routes.ts'

export const INTENTS = [
  'rain',
  'temperature',
  'weather',
  'wind',
  'uv',
  'air',
  'alerts',
  'statuses',
  'roads',
  'open',
  'help',
] as const
export type Intent = (typeof INTENTS)[number] | 'unknown'

export const SCOPES = ['now', 'later', 'tonight', 'tomorrow', 'week'] as const
export type Scope = (typeof SCOPES)[number]

/** Words of every site language (LOCALES): a language without its words fails the type check. */
type Table = Record<Locale, readonly string[]>

export const INTENT_WORDS: Record<(typeof INTENTS)[number], Table> = {
  rain: {
    en: ['rain', 'umbrella', 'shower', 'drizzl', 'snow', 'precip', '=wet', 'sleet', 'hail', 'storm', 'thunder'],
    es: [
      'lluv',
      'llov',
      'llueve',
      'paraguas',
      'nieve',
      'nieva',
      'nevar',
      'nevad',
      'precipitac',
      'chubasco',
      'granizo',
      'tormenta',
    ],
    fr: ['pluie', 'pleu', 'parapluie', 'neige', 'neiger', 'averse', 'precipitation', 'grele', 'bruine', 'orage'],
    de: ['regen', 'regn', 'schnee', 'schnei', 'niederschlag', 'schauer', 'hagel', 'nieselregen', 'gewitter'],
    ja: ['雨', '傘', '雪', '降水', '降る', '降っ', '降り', 'みぞれ', '雷'],
    zh: ['雨', '伞', '雪', '降水', '冰雹', '雷'],
  },
  temperature: {
    en: [
      'temperature',
      '=temp',
      '=hot',
      'hotter',
      'cold',
      'warm',
      '=cool',
      'cooler',
      'degree',
      'chilly',
      'freezing',
      'heat',
      'jacket',
      'feels like',
    ],
    es: ['temperatura', 'calor', 'frio', 'caliente', 'grados', 'fresco', 'abrigo', 'caluroso'],
    fr: ['temperature', 'chaud', 'froid', 'degre', 'frais', 'chaleur', 'manteau'],
    de: ['temperatur', 'warm', 'kalt', 'kalter', 'heiss', 'grad', 'kuhl', 'hitze', 'jacke'],
    ja: ['気温', '温度', '暑', '寒', '暖か', '涼し', '何度', '上着'],
    zh: ['气温', '温度', '热', '冷', '暖和', '凉', '多少度', '几度', '外套'],
  },
  weather: {
    en: ['weather', 'forecast', 'outside', 'conditions', 'sunny', 'cloud', '=fog', 'foggy'],
    es: ['tiempo', 'clima', 'pronostico', 'soleado', 'nublado', 'niebla'],
    fr: ['meteo', '=temps', 'prevision', 'ensoleill', 'nuage', 'brouillard'],
    de: ['wetter', 'vorhersage', 'sonnig', 'wolk', 'nebel', 'draussen'],
    ja: ['天気', '予報', '晴れ', '曇', '霧', '天候'],
    zh: ['天气', '预报', '晴', '阴天', '多云', '雾'],
  },
  wind: {
    en: ['wind', 'gust', 'breez'],
    es: ['viento', 'rafaga', 'ventoso'],
    fr: ['vent', 'rafale'],
    de: ['wind', 'boe', 'boig', 'sturm'],
    ja: ['風', '突風'],
    zh: ['风', '阵风'],
  },
  uv: {
    en: ['=uv', 'sunscreen', 'sunburn', 'spf', 'sun protection', 'ultraviolet'],
    es: ['=uv', 'protector solar', 'bloqueador', 'quemadura', 'ultraviolet', 'radiacion solar'],
    fr: ['=uv', 'creme solaire', 'coup de soleil', 'ultraviolet', 'protection solaire'],
    de: ['=uv', 'sonnencreme', 'sonnenschutz', 'sonnenbrand', 'ultraviolett', 'lichtschutz'],
    ja: ['紫外線', '日焼け'],
    zh: ['紫外线', '防晒', '晒伤'],
  },
  air: {
    en: ['=air', 'aqi', 'pollution', 'pollut', 'smoke', 'pollen', 'allerg', 'smog', 'hay fever'],
    es: ['aire', 'aqi', 'contaminacion', 'humo', 'polen', 'alergi'],
    fr: ['=air', 'aqi', 'pollution', 'fumee', 'pollen', 'allergi'],
    de: ['=luft', 'luftqualitat', 'aqi', 'smog', 'rauch', 'pollen', 'allergi', 'feinstaub', 'heuschnupfen'],
    ja: ['空気', '大気', '花粉', '煙', '汚染', 'aqi'],
    zh: ['空气', '污染', '花粉', '雾霾', '烟', 'aqi'],
  },
  alerts: {
    en: ['alert', 'warning', 'advisory', '=watch', '=nws', 'severe weather'],
    es: ['alerta', 'aviso', 'advertencia'],
    fr: ['alerte', 'avertissement', 'vigilance', '=avis'],
    de: ['warnung', 'unwetter', 'alarm', 'wetterwarnung'],
    ja: ['警報', '注意報', '警告', 'アラート'],
    zh: ['预警', '警报', '警告'],
  },
  statuses: {
    en: ['status', 'school', 'closure', 'delay', 'late start', 'outage', 'power', '=water', 'garbage', 'trash', 'service'],
    es: ['estado', 'escuela', 'colegio', 'cierre', 'corte', 'servicio', 'basura', 'apagon'],
    fr: ['statut', 'ecole', 'fermeture', 'retard', 'coupure', 'service', 'collecte', 'ordure', 'situation'],
    de: ['status', 'schule', 'schliessung', 'ausfall', 'verspat', 'storung', 'mull', 'stromausfall', 'dienst'],
    ja: ['状況', '学校', '休校', '閉鎖', '停電', '断水', 'ステータス', 'ごみ', '遅延'],
    zh: ['状态', '学校', '停课', '停电', '停水', '垃圾', '延误', '关闭'],
  },
  // A closure of a road is about roads, not statuses: the phrases outweigh the statuses' 'closure'.
  roads: {
    en: [
      'road',
      'traffic',
      'highway',
      '=lane',
      'lanes',
      'commute',
      'freeway',
      'bridge',
      '=sr',
      'drive',
      'driving',
      'street',
      'road closure',
      'closed road',
    ],
    es: [
      'carretera',
      'trafico',
      'camino',
      'carril',
      'autopista',
      'calle',
      'cierre de carretera',
      'cierres de carretera',
      'cierre de calle',
      'cierres de calle',
      'carretera cerrada',
      'carreteras cerradas',
    ],
    fr: [
      'route',
      'circulation',
      'trafic',
      '=voie',
      'autoroute',
      'chaussee',
      'bouchon',
      'fermeture de route',
      'fermetures de route',
      'route fermee',
      'routes fermees',
    ],
    de: ['strasse', 'verkehr', '=spur', 'fahrspur', 'autobahn', '=stau', 'sperrung'],
    ja: ['道路', '交通', '渋滞', '車線', '通行止', '通行', '道路閉鎖'],
    zh: ['道路', '交通', '路况', '堵车', '车道', '公路', '道路关闭', '封路'],
  },
  open: {
    en: ['open', 'close', 'hours', 'business', 'store', 'shop', 'restaurant', 'cafe', '=eat', 'coffee', 'pharmacy'],
    es: ['abiert', 'abre', 'cierra', 'horario', 'negocio', 'tienda', 'restaurante', 'cafe', 'comer'],
    fr: ['ouvert', 'ouvre', 'ferme', 'horaire', 'commerce', 'magasin', 'boutique', 'restaurant'],
    de: ['offen', 'geoffnet', 'offnet', 'schliesst', 'offnungszeit', 'geschaft', 'laden', 'restaurant'],
    ja: ['営業', '開い', '開き', '開く', '開店', '閉店', '閉ま', '店', 'レストラン', '何時まで', '何時から'],
    zh: ['营业', '开门', '关门', '商店', '店', '餐厅', '几点'],
  },
  help: {
    en: ['help', 'what can you', 'who are you', '=hello', '=hi'],
    es: ['ayuda', 'que puedes', '=hola'],
    fr: ['=aide', 'que peux', 'que sais', 'bonjour'],
    de: ['hilfe', 'was kannst', '=hallo'],
    ja: ['ヘルプ', '何ができ', 'こんにちは', '使い方'],
    zh: ['帮助', '你能做', '你好', '怎么用'],
  },
}

/**
 * How much a topic word counts. Topic words outweigh 'open' and 'closed' (a road or a school can
 * be closed), which outweigh the general weather words (a weather alert is about alerts).
 */
export const INTENT_WEIGHT: Record<(typeof INTENTS)[number], number> = {
  rain: 2,
  temperature: 2,
  weather: 1,
  wind: 2,
  uv: 2,
  air: 2,
  alerts: 2.5,
  statuses: 2,
  roads: 2,
  open: 1.5,
  help: 0.5,
}

/** Time words, checked in this order: 'tomorrow night' is tomorrow, 'today' wins over 'now' in '今日'. */
export const SCOPE_WORDS: Record<Scope, Table> = {
  tomorrow: {
    en: ['tomorrow'],
    es: ['manana'],
    fr: ['demain'],
    de: ['morgen'],
    ja: ['明日', 'あした', 'あす'],
    zh: ['明天', '明日'],
  },
  week: {
    en: ['week', 'next few days', 'coming days', 'next days', 'days ahead'],
    es: ['semana', 'proximos dias', 'siguientes dias'],
    fr: ['semaine', 'week end', 'prochains jours', 'jours a venir'],
    de: ['woche', 'nachsten tage', 'kommenden tage'],
    ja: ['週', '数日', '今後'],
    zh: ['周', '星期', '未来几天', '这几天'],
  },
  tonight: {
    en: ['tonight', 'overnight', 'this evening', 'night'],
    es: ['esta noche', 'noche'],
    fr: ['ce soir', 'cette nuit', '=soir', '=nuit', 'soiree'],
    de: ['heute abend', 'heute nacht', 'abend', 'nacht'],
    ja: ['今夜', '今晩', '夜'],
    zh: ['今晚', '今夜', '晚上', '夜里', '夜间'],
  },
  later: {
    en: ['today', 'later', 'this afternoon', 'rest of the day'],
    es: ['hoy', 'mas tarde', 'esta tarde', 'luego'],
    fr: ['aujourd hui', 'plus tard', 'apres midi', 'cet aprem'],
    de: ['heute', 'spater', 'nachmittag'],
    ja: ['今日', 'きょう', '後で', 'このあと', 'この後', '午後'],
    zh: ['今天', '稍后', '晚些', '下午', '一会'],
  },
  now: {
    en: ['now', 'right now', 'currently', 'at the moment', 'raining', 'snowing'],
    es: ['ahora', 'actualmente', 'en este momento', 'lloviendo', 'llueve', 'nevando'],
    fr: ['maintenant', 'actuellement', 'en ce moment', '=pleut', '=neige t'],
    de: ['jetzt', 'gerade', 'momentan', 'aktuell', 'regnet es', 'schneit es'],
    ja: ['今', 'いま', '現在', '降って'],
    zh: ['现在', '目前', '此刻', '正在', '在下'],
  },
}

/** Phrases that would mislead the time words: 'heute Morgen' and 'esta mañana' are this morning, not tomorrow. */
export const SCOPE_REWRITES: readonly (readonly [string, string])[] = [
  ['heute morgen', 'heute'],
  ['esta manana', 'hoy'],
  ['por la manana', ''],
  ['de la manana', ''],
]
