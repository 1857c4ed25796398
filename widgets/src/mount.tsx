import { type ComponentType, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadLocale } from './i18n';
import type { WidgetModule, WidgetProps } from './types';

/** Wraps a component as a widget chunk: loads its texts, then renders it into the element. */
export function defineWidget<P extends WidgetProps>(Component: ComponentType<P>): WidgetModule {
  return {
    async mount(el, props) {
      await loadLocale();
      const root = createRoot(el);
      root.render(
        <StrictMode>
          <Component {...(props as P)} />
        </StrictMode>,
      );
      return () => root.unmount();
    },
  };
}
