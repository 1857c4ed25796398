import type { WidgetModule } from './types';

/**
 * Widget name (the `name` attribute of `<mall-widget>`) → its chunk. Every entry is a dynamic
 * import so each widget, and React with the first one, loads only when it is needed.
 */
export const registry: Record<string, () => Promise<{ default: WidgetModule }>> = {
  'login-popup': () => import('./login-popup/index.tsx'),
  'category-menu': () => import('./category-menu/index.tsx'),
  'price-compare': () => import('./price-compare/index.tsx'),
  'image-upload': () => import('./image-upload/index.tsx'),
  chat: () => import('./chat/index.tsx'),
};
