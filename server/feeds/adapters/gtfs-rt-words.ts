// GTFS-realtime Alert cause and effect in the six site languages (the adapter runs in the decode worker,
// so the words live here rather than in the browser's dictionaries).

import { LOCALES } from '../../../src/lib/routing/routes.ts'

export const LANGUAGES = LOCALES
export type Language = (typeof LANGUAGES)[number]

type Words = Record<Language, string>

/** Alert.Effect by its enum name (gtfs-realtime.proto): what a rider sees. */
export const EFFECTS: Record<string, Words> = {
  NO_SERVICE: { en: 'No service', es: 'Sin servicio', fr: 'Pas de service', de: 'Kein Betrieb', ja: '運休', zh: '停运' },
  REDUCED_SERVICE: {
    en: 'Reduced service',
    es: 'Servicio reducido',
    fr: 'Service réduit',
    de: 'Eingeschränkter Betrieb',
    ja: '減便',
    zh: '班次减少',
  },
  SIGNIFICANT_DELAYS: {
    en: 'Significant delays',
    es: 'Retrasos importantes',
    fr: 'Retards importants',
    de: 'Erhebliche Verspätungen',
    ja: '大幅な遅延',
    zh: '严重延误',
  },
  DETOUR: { en: 'Detour', es: 'Desvío', fr: 'Déviation', de: 'Umleitung', ja: '迂回運行', zh: '绕行' },
  ADDITIONAL_SERVICE: {
    en: 'Additional service',
    es: 'Servicio adicional',
    fr: 'Service supplémentaire',
    de: 'Zusätzliche Fahrten',
    ja: '増便',
    zh: '加开班次',
  },
  MODIFIED_SERVICE: {
    en: 'Modified service',
    es: 'Servicio modificado',
    fr: 'Service modifié',
    de: 'Geänderter Betrieb',
    ja: 'ダイヤ変更',
    zh: '服务调整',
  },
  STOP_MOVED: {
    en: 'Stop moved',
    es: 'Parada trasladada',
    fr: 'Arrêt déplacé',
    de: 'Haltestelle verlegt',
    ja: '停留所移設',
    zh: '站点迁移',
  },
  ACCESSIBILITY_ISSUE: {
    en: 'Accessibility issue',
    es: 'Problema de accesibilidad',
    fr: "Problème d'accessibilité",
    de: 'Barrierefreiheit eingeschränkt',
    ja: 'バリアフリー設備の問題',
    zh: '无障碍设施问题',
  },
  NO_EFFECT: { en: 'Notice', es: 'Aviso', fr: 'Avis', de: 'Hinweis', ja: 'お知らせ', zh: '通知' },
  OTHER_EFFECT: {
    en: 'Service change',
    es: 'Cambio de servicio',
    fr: 'Changement de service',
    de: 'Betriebsänderung',
    ja: '運行変更',
    zh: '服务变更',
  },
  UNKNOWN_EFFECT: {
    en: 'Service change',
    es: 'Cambio de servicio',
    fr: 'Changement de service',
    de: 'Betriebsänderung',
    ja: '運行変更',
    zh: '服务变更',
  },
}

/** Alert.Cause by its enum name; UNKNOWN_CAUSE and OTHER_CAUSE say nothing and are left out of the text. */
export const CAUSES: Record<string, Words> = {
  TECHNICAL_PROBLEM: {
    en: 'Technical problem',
    es: 'Problema técnico',
    fr: 'Problème technique',
    de: 'Technische Störung',
    ja: '技術的な問題',
    zh: '技术故障',
  },
  STRIKE: { en: 'Strike', es: 'Huelga', fr: 'Grève', de: 'Streik', ja: 'ストライキ', zh: '罢工' },
  DEMONSTRATION: {
    en: 'Demonstration',
    es: 'Manifestación',
    fr: 'Manifestation',
    de: 'Demonstration',
    ja: 'デモ',
    zh: '示威活动',
  },
  ACCIDENT: { en: 'Accident', es: 'Accidente', fr: 'Accident', de: 'Unfall', ja: '事故', zh: '事故' },
  HOLIDAY: { en: 'Holiday', es: 'Día festivo', fr: 'Jour férié', de: 'Feiertag', ja: '祝日', zh: '节假日' },
  WEATHER: { en: 'Weather', es: 'Clima', fr: 'Météo', de: 'Wetter', ja: '天候', zh: '天气' },
  MAINTENANCE: { en: 'Maintenance', es: 'Mantenimiento', fr: 'Entretien', de: 'Wartung', ja: '保守作業', zh: '维护' },
  CONSTRUCTION: { en: 'Construction', es: 'Obras', fr: 'Travaux', de: 'Bauarbeiten', ja: '工事', zh: '施工' },
  POLICE_ACTIVITY: {
    en: 'Police activity',
    es: 'Actividad policial',
    fr: 'Intervention de police',
    de: 'Polizeieinsatz',
    ja: '警察活動',
    zh: '警方行动',
  },
  MEDICAL_EMERGENCY: {
    en: 'Medical emergency',
    es: 'Emergencia médica',
    fr: 'Urgence médicale',
    de: 'Medizinischer Notfall',
    ja: '急病人対応',
    zh: '医疗急救',
  },
  SPECIAL_EVENT: {
    en: 'Special event',
    es: 'Evento especial',
    fr: 'Événement spécial',
    de: 'Veranstaltung',
    ja: '特別イベント',
    zh: '特别活动',
  },
}

/** "Cause: …" in each language. */
export const CAUSE_LABEL: Words = { en: 'Cause', es: 'Causa', fr: 'Cause', de: 'Ursache', ja: '原因', zh: '原因' }
