import type { WidgetPropsOf } from './generated/bridge';
import type { WidgetModule, WidgetName } from './types';

/**
 * Widget name (the `name` attribute of `<mall-widget>`) → its chunk. Every entry is a dynamic
 * import so each widget, and React with the first one, loads only when it is needed. The names
 * and each chunk's props are the api crate's (`generated/bridge.ts`): a widget missing here, or
 * one whose component wants props the page does not send, fails `tsc`.
 */
export const registry: { [N in WidgetName]: () => Promise<{ default: WidgetModule<WidgetPropsOf[N]> }> } = {
  'login-popup': () => import('./login-popup/index.tsx'),
  'category-menu': () => import('./category-menu/index.tsx'),
  'price-compare': () => import('./price-compare/index.tsx'),
  'image-upload': () => import('./image-upload/index.tsx'),
  chat: () => import('./chat/index.tsx'),
};
