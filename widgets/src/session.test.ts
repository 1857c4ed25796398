import { afterEach, describe, expect, it } from 'vitest';
import { emit } from './events';
import { watchSession } from './session';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the session on the page', () => {
  it('clears the profile from the header when the session ends (A00004)', () => {
    document.body.innerHTML = `
      <details data-testid="account-menu" data-signed-in=""><summary>Ann</summary></details>
      <span data-testid="messages" data-signed-in="">Messages</span>
      <span data-testid="guest" data-signed-out="" hidden><a href="/login">Login</a></span>`;
    const stop = watchSession();
    const shown = (id: string) => !document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!.hidden;
    expect([shown('account-menu'), shown('messages'), shown('guest')]).toEqual([true, true, false]);
    emit('mall:logged-out');
    expect([shown('account-menu'), shown('messages'), shown('guest')]).toEqual([false, false, true]);
    stop();
  });

  it('leaves a page without the marks alone', () => {
    document.body.innerHTML = '<p>Nothing</p>';
    const stop = watchSession();
    emit('mall:logged-out');
    expect(document.body.innerHTML).toBe('<p>Nothing</p>');
    stop();
  });
});
