/** Props a widget receives: the JSON of `data-props`, plus `initialEvent` for `data-load="event:…"`. */
export type WidgetProps = Record<string, unknown> & { initialEvent?: unknown };

/** What a widget chunk exports by default: mounts into `el`, resolves to its unmount function. */
export interface WidgetModule {
  mount(el: HTMLElement, props: WidgetProps): Promise<() => void>;
}
