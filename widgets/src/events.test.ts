import { describe, expect, it, vi } from 'vitest';
import { emit, on } from './events';

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
