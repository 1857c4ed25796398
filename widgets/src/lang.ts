/**
 * The page's language as the widgets and the API client read it: `<html lang>`. Apart from the
 * translations (`./i18n`), so that the API client loads without Fluent.
 */

/** A locale folder name, also the BCP 47 tag of `<html lang>`. */
export type WidgetLang = 'en' | 'zh-CN' | 'km';

/** Maps a language tag (`<html lang>`, the cookie or `?lang=` form) to a supported language. */
export function toWidgetLang(tag: string | null | undefined): WidgetLang {
  const code = (tag ?? '').trim().toLowerCase().replace(/_/g, '-');
  if (code === 'zh' || code.startsWith('zh-')) return 'zh-CN';
  if (code === 'km' || code.startsWith('km-')) return 'km';
  return 'en';
}

/** The widget language, read from `<html lang>`. */
export const widgetLang = (): WidgetLang => toWidgetLang(document.documentElement.lang);

/** The language code the API expects in its `locale` header: en, zh_CN or km. */
export const apiLocale = (): string => widgetLang().replace('-', '_');
