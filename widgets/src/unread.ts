/**
 * The chat's unread total on every signed-in page, kept current: the server renders the
 * badges (`data-chat-unread`: the header's Messages link, the quick menu's chat item) with
 * the total at rendering; this asks `/p/chat/unread` again every {@link UNREAD_POLL_MS} while
 * the page is visible, and at once when it becomes visible again, updates every badge and
 * tells the page (`mall:chat-unread`, which the chat widget sends too). It stops when the
 * session ends. A failed call changes nothing.
 */
import { request } from './api';
import { emit, on } from './events';
import { showUnread } from './frame';
import { CHAT_UNREAD } from './generated/paths';

/** How often a visible page asks for the unread total. */
export const UNREAD_POLL_MS = 15_000;
/** The unread total the server answers, or `undefined` when the call fails. */
async function fetchTotal(): Promise<number | undefined> {
  try {
    const answer = await request<{ total: number }>('GET', CHAT_UNREAD, { silentAuth: true, handleError: true });
    return Number.isSafeInteger(answer?.total) && answer.total >= 0 ? answer.total : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the badges current; returns the function that stops. `fetch` answers the total (the
 * API by default).
 */
export function watchUnread(fetch: () => Promise<number | undefined> = fetchTotal): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  let last = -1;
  const refresh = async () => {
    const total = await fetch();
    if (stopped || total === undefined || total === last) return;
    last = total;
    showUnread(total);
    emit('mall:chat-unread', { total });
  };
  const schedule = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    if (stopped || document.visibilityState === 'hidden') return;
    timer = setInterval(() => void refresh(), UNREAD_POLL_MS);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') void refresh();
    schedule();
  };
  document.addEventListener('visibilitychange', onVisibility);
  // What the chat widget reports is the newest total: the next poll starts from it.
  const stopListening = on('mall:chat-unread', (detail) => {
    if (detail && Number.isSafeInteger(detail.total)) last = detail.total;
  });
  const stop = () => {
    stopped = true;
    if (timer !== undefined) clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
    stopListening();
    stopSession();
  };
  const stopSession = on('mall:logged-out', stop);
  schedule();
  return stop;
}
