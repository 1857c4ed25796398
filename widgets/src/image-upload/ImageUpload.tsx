import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { ApiError } from '../api';
import { emit } from '../events';
import { AVATAR_MAX_BYTES, IMAGE_MAX_BYTES } from '../generated/limits';
import { useT } from '../i18n';
import type { WidgetProps } from '../types';
import { compressImage, type Canvas } from './compress';
import { uploadFile } from './upload';
import './image-upload.css';

/** The largest avatar and other picture (spec section 5: 2 MB and 10 MB), the server's limits. */
export { AVATAR_MAX_BYTES, IMAGE_MAX_BYTES };
/** What the server takes (checked there by content); the picker offers these. */
export const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/**
 * The page's props (generated/bridge.ts): `field`, the name the pictures are reported under
 * (`mall:images-changed`'s `field`); `kind`, `avatar` (at most 2 MB) or `image` (at most 10 MB,
 * the default); `max`, how many pictures it holds (default 1; with 1 a new picture replaces the
 * old); `maxBytes` (default: the kind's); `value`, the pictures already there; `label`, the
 * picker's accessible name (default: the translated "Add picture").
 */
export type ImageUploadProps = WidgetProps<'image-upload'> & {
  /** The browser's canvas, replaced in tests. */
  canvas?: Canvas;
  /** The uploader, replaced in tests. */
  upload?: typeof uploadFile;
};

type Status = 'preparing' | 'uploading' | 'done' | 'failed';

interface Item {
  id: number;
  status: Status;
  /** 0 to 1 while uploading. */
  progress: number;
  /** What the thumbnail shows: an object URL while uploading, the path when stored. */
  preview: string;
  /** The stored path, once uploaded. */
  path?: string;
  error?: string;
}

type Action =
  | { type: 'add'; items: Item[]; replace: boolean }
  | { type: 'update'; id: number; change: Partial<Item> }
  | { type: 'remove'; id: number };

function reducer(items: Item[], action: Action): Item[] {
  switch (action.type) {
    case 'add':
      return action.replace ? action.items : [...items, ...action.items];
    case 'update':
      return items.map((item) => (item.id === action.id ? { ...item, ...action.change } : item));
    case 'remove':
      return items.filter((item) => item.id !== action.id);
  }
}

/** Ids of the pictures, unique on the page. */
let lastId = 0;
const newId = () => ++lastId;

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;
const isBlobUrl = (url: string) => url.startsWith('blob:');

/**
 * Picks, previews and uploads pictures: a file input (keyboard reachable) and drag and drop,
 * a thumbnail per picture with its progress and a remove button, translated errors (type,
 * size, count, refusal), the count limit. Pictures over 512 KB are compressed first (spec
 * section 5). The stored paths are reported on `window` as `mall:images-changed`.
 */
export function ImageUpload({
  field = 'images',
  kind = 'image',
  max = 1,
  maxBytes,
  value = [],
  label,
  canvas,
  upload = uploadFile,
}: ImageUploadProps) {
  const t = useT();
  const inputId = useId();
  const hintId = useId();
  const limit = Math.max(1, Math.floor(max));
  const sizeLimit = maxBytes && maxBytes > 0 ? maxBytes : kind === 'avatar' ? AVATAR_MAX_BYTES : IMAGE_MAX_BYTES;
  const [items, dispatch] = useReducer(reducer, undefined, () =>
    value.filter((p) => typeof p === 'string' && p !== '').slice(0, limit).map((path) => ({
      id: newId(),
      status: 'done' as const,
      progress: 1,
      preview: path,
      path,
    })),
  );
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  // What is shown now, for an upload that finishes later.
  const current = useRef(items);
  useEffect(() => {
    current.current = items;
  }, [items]);

  // Report the stored paths whenever they change (not on the first render: nothing changed),
  // each once (uploads are named by their content).
  const paths = [...new Set(items.filter((i) => i.status === 'done' && i.path).map((i) => i.path as string))];
  const reported = useRef(paths.join('\n'));
  useEffect(() => {
    const joined = paths.join('\n');
    if (joined === reported.current) return;
    reported.current = joined;
    emit('mall:images-changed', { field, paths });
  });

  // Object URLs live as long as their thumbnail.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const live = urls.current;
    return () => live.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  const release = (preview: string) => {
    if (isBlobUrl(preview) && urls.current.delete(preview)) URL.revokeObjectURL(preview);
  };

  const start = useCallback(
    async (id: number, file: File) => {
      try {
        const prepared = await compressImage(file, canvas);
        if (prepared.size > sizeLimit) {
          dispatch({ type: 'update', id, change: { status: 'failed', error: t('upload-error-size', { mb: megabytes(sizeLimit) }) } });
          return;
        }
        dispatch({ type: 'update', id, change: { status: 'uploading', progress: 0 } });
        const path = await upload(prepared, kind, (progress) => dispatch({ type: 'update', id, change: { progress } }), prepared.name);
        // The same picture chosen again is kept once, and the buyer is told which it is.
        const shown = current.current.filter((i) => i.id !== id);
        const twin = shown.findIndex((i) => i.status === 'done' && i.path === path);
        if (twin >= 0) {
          const preview = current.current.find((i) => i.id === id)?.preview;
          if (preview) release(preview);
          dispatch({ type: 'remove', id });
          setError(t('upload-error-duplicate', { n: twin + 1 }));
          return;
        }
        dispatch({ type: 'update', id, change: { status: 'done', progress: 1, path } });
      } catch (err) {
        const message = err instanceof ApiError && err.message && err.code === 'A00001' ? err.message : t('upload-error-failed');
        dispatch({ type: 'update', id, change: { status: 'failed', error: message } });
      }
    },
    [canvas, kind, sizeLimit, t, upload],
  );

  const take = (files: File[]) => {
    setError(null);
    if (files.length === 0) return;
    const replace = limit === 1;
    const room = replace ? 1 : limit - items.length;
    if (room <= 0 || files.length > room) setError(t('upload-error-count', { max: limit }));
    const accepted: { item: Item; file: File }[] = [];
    for (const file of files.slice(0, Math.max(0, room))) {
      if (!ACCEPTED_TYPES.includes(file.type)) {
        setError(t('upload-error-type'));
        continue;
      }
      const preview = URL.createObjectURL(file);
      urls.current.add(preview);
      accepted.push({ item: { id: newId(), status: 'preparing', progress: 0, preview }, file });
    }
    if (accepted.length === 0) return;
    if (replace) items.forEach((i) => release(i.preview));
    dispatch({ type: 'add', items: accepted.map((a) => a.item), replace });
    for (const { item, file } of accepted) void start(item.id, file);
  };

  const remove = (item: Item) => {
    release(item.preview);
    setError(null);
    dispatch({ type: 'remove', id: item.id });
  };

  const busy = items.some((i) => i.status === 'preparing' || i.status === 'uploading');
  const canAdd = limit === 1 || items.length < limit;
  const pickLabel = label ?? t(limit === 1 && items.length > 0 ? 'upload-change' : 'upload-add');

  return (
    <div
      className={`image-upload${dragging ? ' is-dragging' : ''}`}
      data-testid={`image-upload-${field}`}
      data-busy={busy ? 'true' : undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        take(Array.from(event.dataTransfer?.files ?? []));
      }}
    >
      <ul className="image-upload__list">
        {items.map((item, index) => (
          <li key={item.id} className={`image-upload__item is-${item.status}`} data-testid="image-upload-item" data-status={item.status} data-path={item.path}>
            <img className="image-upload__thumb" src={item.preview} alt={t('upload-preview', { n: index + 1 })} />
            {(item.status === 'preparing' || item.status === 'uploading') && (
              <span className="image-upload__progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(item.progress * 100)} aria-label={t('upload-progress', { n: index + 1 })}>
                <span className="image-upload__bar" style={{ width: `${Math.round(item.progress * 100)}%` }} />
              </span>
            )}
            {item.status === 'failed' && (
              <span className="image-upload__item-error" role="alert" data-testid="image-upload-item-error">
                {item.error}
              </span>
            )}
            <button type="button" className="image-upload__remove" aria-label={t('upload-remove', { n: index + 1 })} data-testid="image-upload-remove" onClick={() => remove(item)}>
              ×
            </button>
          </li>
        ))}
        {canAdd && (
          <li className="image-upload__pick-item">
            <label className="image-upload__pick" htmlFor={inputId}>
              <span className="image-upload__plus" aria-hidden="true">
                +
              </span>
              <span className="image-upload__pick-text">{pickLabel}</span>
            </label>
            <input
              id={inputId}
              className="image-upload__input"
              type="file"
              accept={ACCEPTED_TYPES.join(',')}
              multiple={limit > 1}
              aria-describedby={hintId}
              data-testid="image-upload-input"
              onChange={(event) => {
                const files = Array.from(event.currentTarget.files ?? []);
                // The same file may be picked again after a removal.
                event.currentTarget.value = '';
                take(files);
              }}
            />
          </li>
        )}
      </ul>
      <p className="image-upload__hint" id={hintId}>
        {t('upload-hint', { mb: megabytes(sizeLimit) })}
        {limit > 1 && ` ${t('upload-count', { count: items.length, max: limit })}`}
        {' '}
        <span className="image-upload__drop">{t('upload-drop')}</span>
      </p>
      <p className="image-upload__error" role="alert" data-testid="image-upload-error" hidden={!error}>
        {error}
      </p>
      <span className="image-upload__status" role="status" aria-live="polite">
        {busy ? t('upload-uploading') : ''}
      </span>
    </div>
  );
}
