import type { WidgetPropsOf } from './generated/bridge';

/** A widget's name: the `name` of `<mall-widget>`, a key of `registry.ts`. */
export type WidgetName = keyof WidgetPropsOf;

/**
 * What a widget's `mount` receives: its props as the page rendered them in `data-props` (their
 * type comes from the api crate, `generated/bridge.ts`), plus `initialEvent`, the detail of the
 * event that loaded it (`data-load="event:…"`).
 */
export type MountProps<P> = P & { initialEvent?: unknown };

/**
 * A widget component's props: its generated props, each optional (a test, or a page that
 * renders no `data-props`, leaves any out; the component falls back to its default), plus
 * `initialEvent`. A field renamed or retyped in the api crate fails `tsc` where the component
 * reads it.
 */
export type WidgetProps<N extends WidgetName> = Partial<WidgetPropsOf[N]> & { initialEvent?: unknown };

/** Props as the loader reads them from `data-props`: any JSON object. */
export type DataProps = Record<string, unknown>;

/** What a widget chunk exports by default: mounts into `el`, resolves to its unmount function. */
export interface WidgetModule<P = DataProps> {
  mount: (el: HTMLElement, props: MountProps<P>) => Promise<() => void>;
}
