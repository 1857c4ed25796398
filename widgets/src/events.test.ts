import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { EVENT_NAMES, emit, on } from './events';

describe('event names', () => {
  it('are exactly the ones of app/src/events.rs', () => {
    const rust = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../app/src/events.rs'), 'utf8');
    const names = [...rust.matchAll(/pub const \w+: &str = "([^"]+)";/g)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(0);
    expect([...EVENT_NAMES].sort()).toEqual([...names].sort());
  });
});

describe('emit and on', () => {
  it('deliver the detail and stop after unsubscribing', () => {
    const handler = vi.fn();
    const off = on('mall:cart-changed', handler);
    emit('mall:cart-changed', { count: 3 });
    off();
    emit('mall:cart-changed', { count: 4 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ count: 3 });
  });

  it('allow events without detail', () => {
    const handler = vi.fn();
    const off = on('mall:logged-out', handler);
    emit('mall:logged-out');
    off();
    expect(handler).toHaveBeenCalledWith(undefined);
  });
});
