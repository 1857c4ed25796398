import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadLocale } from './i18n';
import type { MountProps, WidgetModule } from './types';

/**
 * Wraps a component as a widget chunk: loads its texts, then renders it into the element. The
 * chunk mounts with the props its component takes (`registry.ts` checks they are the widget's
 * generated props).
 */
export function defineWidget<P extends object>(Component: ComponentType<P>): WidgetModule<P> {
  return {
    async mount(el, props: MountProps<P>) {
      await loadLocale();
      const root = createRoot(el);
      root.render(
        <StrictMode>
          <Component {...props} />
        </StrictMode>,
      );
      return () => root.unmount();
    },
  };
}
