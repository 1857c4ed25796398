import { useT } from '../i18n';
import { badgeText, formatTime, preview } from './format';
import type { Side } from './state';
import { orderedConversations } from './state';
import type { Chat } from './useChat';

export interface ConversationListProps {
  chat: Chat;
  mode: Side;
  activeId: number | null;
  onSelect: (conversationId: number) => void;
  /** The buyer asks for the platform's customer service. */
  onContactPlatform: () => void;
  headingLevel: 2 | 3;
}

/**
 * The conversations, newest activity first: the peer's picture and name, the last message,
 * its time and the unread count; the current one marked. Loading, failure and empty states.
 */
export function ConversationList({ chat, mode, activeId, onSelect, onContactPlatform, headingLevel }: ConversationListProps) {
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const list = orderedConversations(chat.state);
  const hasPlatform = list.some((c) => c.conversation.shopId === 0);
  return (
    <nav className="chat-list" aria-label={t('chat-conversations')} data-testid="chat-list">
      <Heading className="chat-list__title">{t(mode === 'agent' ? 'chat-agent-conversations' : 'chat-conversations')}</Heading>
      {chat.listState === 'loading' && (
        <p className="chat-state" role="status">
          {t('chat-loading')}
        </p>
      )}
      {chat.listState === 'error' && (
        <div className="chat-state" role="alert" data-testid="chat-list-error">
          <p>{t('chat-load-failed')}</p>
          <button type="button" className="chat-button" onClick={() => void chat.loadList()}>
            {t('chat-retry')}
          </button>
        </div>
      )}
      {chat.listState === 'ready' && list.length === 0 && (
        <p className="chat-state" data-testid="chat-list-empty">
          {t(mode === 'agent' ? 'chat-agent-empty' : 'chat-list-empty')}
        </p>
      )}
      {list.length > 0 && (
        <ul className="chat-list__items">
          {list.map(({ conversation: c }) => {
            const current = c.conversationId === activeId;
            const name = c.peerName || t(mode === 'agent' ? 'chat-buyer' : 'chat-platform');
            return (
              <li key={c.conversationId}>
                <button
                  type="button"
                  className={`chat-conv${current ? ' is-current' : ''}`}
                  aria-current={current ? 'true' : undefined}
                  onClick={() => onSelect(c.conversationId)}
                  data-testid="chat-conversation"
                  data-conversation-id={c.conversationId}
                  data-shop-id={c.shopId}
                >
                  {c.peerAvatar ? (
                    <img className="chat-conv__avatar" src={c.peerAvatar} alt="" width="40" height="40" />
                  ) : (
                    <span className="chat-conv__avatar chat-conv__avatar--initial" aria-hidden="true">
                      {[...name][0] ?? '?'}
                    </span>
                  )}
                  <span className="chat-conv__text">
                    <span className="chat-conv__top">
                      <span className="chat-conv__name">{name}</span>
                      {c.lastMessage && <span className="chat-conv__time">{formatTime(c.lastMessage.createTime)}</span>}
                    </span>
                    <span className="chat-conv__last">{preview(c.lastMessage, t) || t('chat-no-messages-yet')}</span>
                  </span>
                  {c.unread > 0 && (
                    <span className="chat-badge" data-testid="chat-conversation-unread" data-count={c.unread}>
                      <span aria-hidden="true">{badgeText(c.unread)}</span>
                      <span className="chat-visually-hidden">{t('chat-unread-count', { count: c.unread })}</span>
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {mode === 'buyer' && chat.listState === 'ready' && !hasPlatform && (
        <button type="button" className="chat-button chat-list__platform" onClick={onContactPlatform} data-testid="chat-contact-platform">
          {t('chat-contact-platform')}
        </button>
      )}
    </nav>
  );
}
