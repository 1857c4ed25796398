/**
 * Widget translations: the language is `<html lang>`; texts come from the repo's Fluent files,
 * served by the storefront at `/locales/{en,zh-CN,km}/widgets.ftl`. English is also bundled,
 * so a text is never missing: it is the fallback while another language loads or if it fails.
 */
import { FluentBundle, FluentResource, type FluentVariable } from '@fluent/bundle';
import { useSyncExternalStore } from 'react';
import englishFtl from '../../locales/en/widgets.ftl?raw';

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

function makeBundle(lang: WidgetLang, source: string): FluentBundle {
  // Plain text in the DOM: no Unicode isolation marks around placeables.
  const bundle = new FluentBundle(lang, { useIsolating: false });
  const errors = bundle.addResource(new FluentResource(source));
  for (const error of errors) console.error(`[i18n] ${lang}/widgets.ftl: ${error.message}`);
  return bundle;
}

const english = makeBundle('en', englishFtl);
let current: FluentBundle = english;
let loaded: { lang: WidgetLang; promise: Promise<void> } | undefined;
const listeners = new Set<() => void>();

/**
 * Loads the texts of `lang` (default: the page language) and makes them current. Resolves
 * when done; never rejects (on failure the English texts stay).
 */
export function loadLocale(lang: WidgetLang = widgetLang()): Promise<void> {
  if (loaded?.lang === lang) return loaded.promise;
  const promise =
    lang === 'en'
      ? Promise.resolve(english)
      : fetch(`/locales/${lang}/widgets.ftl`, { credentials: 'same-origin' })
          .then((res) => {
            if (!res.ok) throw new Error(`HTTP ${res.status}`);
            return res.text();
          })
          .then((source) => makeBundle(lang, source))
          .catch((err: unknown) => {
            console.error(`[i18n] cannot load ${lang}/widgets.ftl, using English: ${String(err)}`);
            return english;
          });
  loaded = {
    lang,
    promise: promise.then((bundle) => {
      current = bundle;
      listeners.forEach((listener) => listener());
    }),
  };
  return loaded.promise;
}

/** Formats message `id` in the current language (English if it lacks the message). */
export function t(id: string, args?: Record<string, FluentVariable>): string {
  for (const bundle of [current, english]) {
    const message = bundle.getMessage(id);
    if (message?.value) return bundle.formatPattern(message.value, args);
  }
  console.error(`[i18n] missing message "${id}"`);
  return id;
}

export type Translate = typeof t;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The translate function; components using it re-render when another language loads. */
export function useT(): Translate {
  const bundle = useSyncExternalStore(subscribe, () => current, () => current);
  // A new function per bundle, so memoised children see the change.
  return translatorFor(bundle);
}

const perBundle = new WeakMap<FluentBundle, Translate>();
function translatorFor(bundle: FluentBundle): Translate {
  let fn = perBundle.get(bundle);
  if (!fn) {
    fn = (id, args) => t(id, args);
    perBundle.set(bundle, fn);
  }
  return fn;
}
