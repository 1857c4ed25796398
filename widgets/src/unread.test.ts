import { afterEach, describe, expect, it, vi } from 'vitest';
import { emit, on } from './events';
import { showUnread } from './frame';
import { UNREAD_POLL_MS, watchUnread } from './unread';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

const badges = () =>
  [...document.querySelectorAll<HTMLElement>('[data-chat-unread]')].map((b) => [b.textContent, b.hidden]);

describe("the chat's unread total", () => {
  it('shows on every badge, capped at 99+, hidden at 0', () => {
    document.body.innerHTML =
      '<span data-chat-unread="" data-count="0" hidden>0</span><span data-chat-unread="" data-count="0" hidden>0</span>';
    showUnread(3);
    expect(badges()).toEqual([
      ['3', false],
      ['3', false],
    ]);
    showUnread(120);
    expect(badges()[0]).toEqual(['99+', false]);
    showUnread(0);
    expect(badges()[0]).toEqual(['0', true]);
  });

  it('follows new messages while the page is open, and stops when the session ends', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<span data-chat-unread="" data-count="0" hidden>0</span>';
    let total = 0;
    const fetch = vi.fn(async () => total);
    const seen: number[] = [];
    const stopEvents = on('mall:chat-unread', (detail) => seen.push(detail.total));
    watchUnread(fetch);
    total = 2;
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    expect(badges()).toEqual([['2', false]]);
    expect(seen).toEqual([2]);
    // The same total again: nothing to tell.
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    expect(seen).toEqual([2]);
    emit('mall:logged-out');
    total = 5;
    const calls = fetch.mock.calls.length;
    await vi.advanceTimersByTimeAsync(3 * UNREAD_POLL_MS);
    expect(fetch.mock.calls.length).toBe(calls);
    expect(badges()).toEqual([['2', false]]);
    stopEvents();
  });

  it('keeps the badges when the call fails', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<span data-chat-unread="" data-count="4">4</span>';
    const stop = watchUnread(async () => undefined);
    await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    expect(badges()).toEqual([['4', false]]);
    stop();
  });
});
