/**
 * Widget translations: the language is `<html lang>`; texts come from the repo's Fluent files,
 * served by the storefront at `/locales/{en,zh-CN,km}/widgets.ftl`. English is also bundled,
 * so a text is never missing: it is the fallback while another language loads or if it fails.
 */
import { FluentBundle, FluentResource, type FluentVariable } from '@fluent/bundle';
import { useSyncExternalStore } from 'react';
import englishFtl from '../../locales/en/widgets.ftl?raw';
import { widgetLang, type WidgetLang } from './lang';

export { apiLocale, toWidgetLang, widgetLang, type WidgetLang } from './lang';

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
