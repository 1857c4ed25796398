import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { ApiError } from '../api';
import { useT } from '../i18n';
import { compressImage } from '../image-upload/compress';
import { ACCEPTED_TYPES, IMAGE_MAX_BYTES } from '../image-upload/ImageUpload';
import { uploadFile } from '../image-upload/upload';
import type { DisplayCurrency } from '../money';
import { CardView } from './MessagePane';
import { MAX_TEXT_CHARS, textToSend } from './state';
import type { Chat } from './useChat';
import type { ShareCard } from './wire';

export interface ComposerProps {
  chat: Chat;
  conversationId: number;
  /** The product the buyer may send as a card ("Send product"). */
  card: ShareCard | null;
  currency: DisplayCurrency;
}

/**
 * Writing a message: Enter sends, Shift+Enter is a new line; a picture (compressed by the
 * rules of spec section 5, then uploaded like every other picture) or the product's card.
 */
export function Composer({ chat, conversationId, card, currency }: ComposerProps) {
  const t = useT();
  const [draft, setDraft] = useState('');
  const [upload, setUpload] = useState<{ progress: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const length = [...draft.trim()].length;
  const tooLong = length > MAX_TEXT_CHARS;

  const sendText = () => {
    const text = textToSend(draft);
    if (text === null) return;
    chat.send(conversationId, 'text', text);
    setDraft('');
    setError(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      sendText();
    }
  };

  const sendPicture = async (file: File) => {
    setError(null);
    if (!ACCEPTED_TYPES.includes(file.type)) {
      setError(t('upload-error-type'));
      return;
    }
    setUpload({ progress: 0 });
    try {
      const prepared = await compressImage(file);
      if (prepared.size > IMAGE_MAX_BYTES) {
        setError(t('upload-error-size', { mb: IMAGE_MAX_BYTES / (1024 * 1024) }));
        return;
      }
      const path = await uploadFile(prepared, 'image', (progress) => setUpload({ progress }), prepared.name);
      chat.send(conversationId, 'image', path);
    } catch (err) {
      setError(err instanceof ApiError && err.code === 'A00001' && err.message ? err.message : t('chat-picture-failed'));
    } finally {
      setUpload(null);
    }
  };

  return (
    <div className="chat-composer" data-testid="chat-composer">
      {card && (
        <div className="chat-product" data-testid="chat-product">
          <span className="chat-product__label">{t('chat-product-context')}</span>
          <CardView card={card} currency={currency} as="plain" />
          <button
            type="button"
            className="chat-button chat-button--primary"
            onClick={() => chat.send(conversationId, 'card', card.title, card)}
            data-testid="chat-send-product"
          >
            {t('chat-send-product')}
          </button>
        </div>
      )}
      <form
        className="chat-composer__form"
        onSubmit={(event) => {
          event.preventDefault();
          sendText();
        }}
      >
        <label className="chat-visually-hidden" htmlFor={inputId}>
          {t('chat-input-label')}
        </label>
        <textarea
          id={inputId}
          className="chat-composer__input"
          rows={3}
          value={draft}
          placeholder={t('chat-input-placeholder')}
          aria-describedby={`${hintId}${error || tooLong ? ` ${errorId}` : ''}`}
          aria-invalid={tooLong ? 'true' : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            if (event.target.value.trim() !== '') chat.typing(conversationId);
          }}
          onKeyDown={onKeyDown}
          data-testid="chat-input"
        />
        <div className="chat-composer__bar">
          <span id={hintId} className="chat-composer__hint">
            {t('chat-input-hint')}
          </span>
          <span className={`chat-composer__count${tooLong ? ' is-over' : ''}`} aria-hidden="true">
            {length}/{MAX_TEXT_CHARS}
          </span>
          <input
            ref={fileRef}
            type="file"
            accept={ACCEPTED_TYPES.join(',')}
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void sendPicture(file);
            }}
            data-testid="chat-picture-input"
          />
          <button
            type="button"
            className="chat-button"
            onClick={() => fileRef.current?.click()}
            disabled={upload !== null}
            data-testid="chat-send-picture"
          >
            {upload ? t('chat-uploading', { percent: Math.round(upload.progress * 100) }) : t('chat-send-picture')}
          </button>
          <button type="submit" className="chat-button chat-button--primary" disabled={length === 0 || tooLong} data-testid="chat-send">
            {t('chat-send')}
          </button>
        </div>
        {(error || tooLong) && (
          <p id={errorId} className="chat-composer__error" role="alert" data-testid="chat-composer-error">
            {error ?? t('chat-too-long', { max: MAX_TEXT_CHARS })}
          </p>
        )}
      </form>
    </div>
  );
}
