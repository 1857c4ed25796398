import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { emit, on, type MallEventName, type MallEvents } from './events';
import { EVENT_NAMES, WIDGET_NAMES, type WidgetPropsOf } from './generated/bridge';
import { registry } from './registry';
import type { WidgetName } from './types';

/** The cases `api/tests/bridge.rs` checks the Rust side with. */
const cases = JSON.parse(
  readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../api/tests/bridge_cases.json'), 'utf8'),
) as { widgets: { widget: string; json: string }[]; events: { event: string; detail: unknown }[] };

/** What a JSON value is, as far as these checks go. */
type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array';
const kindOf = (value: unknown): string => (Array.isArray(value) ? 'array' : typeof value);

/**
 * Each widget's props, field by field, as the widgets read them. The `satisfies` makes `tsc`
 * fail when the generated props gain, lose or rename a field; the test below fails when the
 * pages' JSON does not fit.
 */
const PROP_KINDS = {
  'login-popup': {},
  'category-menu': {},
  'price-compare': { currency: 'object', signedIn: 'boolean' },
  'image-upload': {
    field: 'string',
    kind: 'string',
    label: 'string',
    max: 'number',
    maxBytes: 'number',
    value: 'array',
  },
  chat: { currency: 'object', layout: 'string', mode: 'string', prodId: 'number', shopId: 'number' },
} as const satisfies { [N in WidgetName]: Record<keyof WidgetPropsOf[N], Kind> };

/** Each event's detail, field by field (none for an event without detail). */
const DETAIL_KINDS = {
  'mall:hydrated': {},
  'mall:open-login': { redirect: 'string', mode: 'string' },
  'mall:logged-in': { nickName: 'string' },
  'mall:logged-out': {},
  'mall:cart-changed': { count: 'number' },
  'mall:open-compare': { prodId: 'number' },
  'mall:toast': { type: 'string', message: 'string', duration: 'number' },
  'mall:images-changed': { field: 'string', paths: 'array' },
  'mall:open-chat': { shopId: 'number', prodId: 'number' },
  'mall:chat-unread': { total: 'number' },
} as const satisfies { [K in MallEventName]: Record<keyof NonNullable<MallEvents[K]>, Kind> };

/** The fields of `value` that `kinds` does not know or that have another kind. */
function misfits(value: unknown, kinds: Record<string, string>): string[] {
  if (value === null) return [];
  return Object.entries(value as Record<string, unknown>)
    .filter(([key, field]) => kinds[key] !== kindOf(field))
    .map(([key, field]) => `${key}: ${kindOf(field)}`);
}

describe('widget props', () => {
  it('name the same widgets in Rust, the generated file and the registry', () => {
    const named = new Set(cases.widgets.map((c) => c.widget));
    expect([...named].sort()).toEqual([...WIDGET_NAMES].sort());
    expect(Object.keys(registry).sort()).toEqual([...WIDGET_NAMES].sort());
    expect(Object.keys(PROP_KINDS).sort()).toEqual([...WIDGET_NAMES].sort());
  });

  it('fit what the widgets read in every shared case', () => {
    for (const { widget, json } of cases.widgets) {
      const props: unknown = JSON.parse(json);
      expect(kindOf(props)).toBe('object');
      expect([widget, misfits(props, PROP_KINDS[widget as WidgetName])]).toEqual([widget, []]);
    }
  });
});

describe('event details', () => {
  it('name the same events in Rust and the generated file', () => {
    const named = new Set(cases.events.map((c) => c.event));
    expect([...named].sort()).toEqual([...EVENT_NAMES].sort());
  });

  it('fit what the listeners read and reach them as sent', () => {
    for (const { event, detail } of cases.events) {
      const name = event as MallEventName;
      expect([name, misfits(detail, DETAIL_KINDS[name])]).toEqual([name, []]);
      const handler = vi.fn();
      const off = on(name, handler);
      window.dispatchEvent(new CustomEvent(name, { detail }));
      off();
      expect(handler).toHaveBeenCalledWith(detail ?? undefined);
    }
  });

  it('are typed by name when emitted', () => {
    const handler = vi.fn();
    const off = on('mall:toast', handler);
    emit('mall:toast', { type: 'info', message: 'Saved' });
    off();
    expect(handler).toHaveBeenCalledWith({ type: 'info', message: 'Saved' });
  });
});
