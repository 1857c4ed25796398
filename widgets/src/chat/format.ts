/** What the chat shows of times and messages, without the browser. */
import type { Translate } from '../i18n';
import type { ChatMessage } from './wire';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A message time in the visitor's time zone: `HH:MM` today, `MM-DD HH:MM` this year, else
 * `YYYY-MM-DD HH:MM`; the text as given when it is not a time.
 */
export function formatTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const clock = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const sameYear = at.getFullYear() === now.getFullYear();
  if (sameYear && at.getMonth() === now.getMonth() && at.getDate() === now.getDate()) return clock;
  const day = `${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return sameYear ? `${day} ${clock}` : `${at.getFullYear()}-${day} ${clock}`;
}

/** One line of a message for the conversation list. */
export function preview(message: ChatMessage | null | undefined, t: Translate): string {
  if (!message) return '';
  switch (message.kind) {
    case 'image':
      return t('chat-preview-picture');
    case 'card':
      return `${t('chat-preview-card')} ${message.card?.title ?? message.content}`;
    default:
      return message.content.replace(/\s+/g, ' ');
  }
}

/** A badge's text: the count, `99+` above 99. */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));
