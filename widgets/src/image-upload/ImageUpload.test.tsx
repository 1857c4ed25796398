import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import { on } from '../events';
import { mount, stubFetchAroundEachTest } from '../login-popup/testSupport';
import type { Canvas } from './compress';
import { ImageUpload, type ImageUploadProps } from './ImageUpload';

stubFetchAroundEachTest();

const noCanvas: Canvas = { open: async () => Promise.reject(new Error('not in tests')) };

beforeEach(() => {
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:test/${++n}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

const $$ = (testId: string) => Array.from(document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`));
const input = () => document.querySelector<HTMLInputElement>('[data-testid="image-upload-input"]');
const png = (name = 'a.png', bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

async function pick(...files: File[]) {
  const el = input();
  if (!el) throw new Error('no file input');
  Object.defineProperty(el, 'files', { value: files, configurable: true });
  await act(async () => el.dispatchEvent(new Event('change', { bubbles: true })));
}

async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function render(props: Partial<ImageUploadProps>) {
  await mount(<ImageUpload canvas={noCanvas} {...props} />);
}

describe('the image-upload widget', () => {
  it('uploads a picked picture as its kind, shows the progress, and reports the stored path', async () => {
    const changes: unknown[] = [];
    const off = on('mall:images-changed', (detail) => changes.push(detail));
    let progress: (f: number) => void = () => {};
    let finish: (path: string) => void = () => {};
    const upload = vi.fn((_file: Blob, _kind: string, onProgress: (f: number) => void) => {
      progress = onProgress;
      return new Promise<string>((resolve) => (finish = resolve));
    });
    await render({ field: 'pic', kind: 'avatar', upload });
    await pick(png('me.png'));
    await flush();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]![1]).toBe('avatar');
    await act(async () => progress(0.4));
    const bar = document.querySelector('[role="progressbar"]');
    expect(bar?.getAttribute('aria-valuenow')).toBe('40');
    await act(async () => finish('/media/abc.png'));
    await flush();
    const item = $$('image-upload-item')[0]!;
    expect(item.dataset.status).toBe('done');
    expect(item.dataset.path).toBe('/media/abc.png');
    expect(changes).toEqual([{ field: 'pic', paths: ['/media/abc.png'] }]);
    off();
  });

  it('shows the pictures it starts with and reports a removal', async () => {
    const changes: unknown[] = [];
    const off = on('mall:images-changed', (detail) => changes.push(detail));
    await render({ field: 'qualifications', max: 3, value: ['/media/a.png', '/media/b.png'] });
    expect($$('image-upload-item').map((i) => i.dataset.path)).toEqual(['/media/a.png', '/media/b.png']);
    expect(changes).toEqual([]);
    await act(async () => $$('image-upload-remove')[0]!.click());
    expect(changes).toEqual([{ field: 'qualifications', paths: ['/media/b.png'] }]);
    expect($$('image-upload-remove')[0]!.getAttribute('aria-label')).toBe('Remove picture 1');
    off();
  });

  it('keeps the same picture chosen twice once and says which it is', async () => {
    const changes: unknown[] = [];
    const off = on('mall:images-changed', (detail) => changes.push(detail));
    const upload = vi.fn(async () => '/media/same.png');
    await render({ field: 'vouchers', max: 5, upload });
    await pick(png('a.png'));
    await flush();
    await pick(png('a-again.png'));
    await flush();
    expect(upload).toHaveBeenCalledTimes(2);
    expect($$('image-upload-item').map((i) => i.dataset.path)).toEqual(['/media/same.png']);
    expect($$('image-upload-error')[0]!.textContent).toBe('This picture is already added as picture 1: it is kept once');
    expect(changes).toEqual([{ field: 'vouchers', paths: ['/media/same.png'] }]);
    off();
  });

  it('keeps to the count limit and says so', async () => {
    const upload = vi.fn(async () => '/media/x.png');
    await render({ max: 2, value: ['/media/a.png'], upload });
    await pick(png('1.png'), png('2.png'));
    await flush();
    expect(upload).toHaveBeenCalledTimes(1);
    expect($$('image-upload-item')).toHaveLength(2);
    expect($$('image-upload-error')[0]!.textContent).toBe('You can add at most 2 pictures');
    // Full: no picker left.
    expect(input()).toBeNull();
  });

  it('refuses what is not a picture and what is over the size limit, without uploading', async () => {
    const upload = vi.fn(async () => '/media/x.png');
    await render({ kind: 'avatar', upload, maxBytes: 100 });
    await pick(new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect($$('image-upload-error')[0]!.textContent).toBe('Only PNG, JPEG, GIF or WebP pictures can be uploaded');
    await pick(png('big.png', 101));
    await flush();
    expect(upload).not.toHaveBeenCalled();
    expect($$('image-upload-item-error')[0]!.textContent).toBe('The picture is larger than 0 MB');
  });

  it("shows the server's refusal next to the picture, and a generic text for a failed network", async () => {
    const upload = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('A00001', 'This file is not a picture'))
      .mockRejectedValueOnce(new Error('offline'));
    await render({ max: 3, upload });
    await pick(png('a.png'));
    await flush();
    await pick(png('b.png'));
    await flush();
    expect($$('image-upload-item-error').map((e) => e.textContent)).toEqual([
      'This file is not a picture',
      'The upload failed. Please try again.',
    ]);
  });

  it('replaces the one picture of a single-picture widget, and takes dropped files', async () => {
    const upload = vi.fn(async () => '/media/new.png');
    await render({ field: 'pic', value: ['/media/old.png'], upload });
    expect(document.querySelector('.image-upload__pick-text')?.textContent).toBe('Change picture');
    const root = $$('image-upload-pic')[0]!;
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [png('dropped.png')] } });
    await act(async () => root.dispatchEvent(drop));
    await flush();
    expect($$('image-upload-item').map((i) => i.dataset.path)).toEqual(['/media/new.png']);
  });

  it('keeps the file input in the tab order, labelled and described', async () => {
    await render({});
    const el = input()!;
    expect(el.tabIndex).not.toBe(-1);
    expect(el.getAttribute('accept')).toBe('image/png,image/jpeg,image/gif,image/webp');
    const label = document.querySelector(`label[for="${el.id}"]`);
    expect(label?.textContent).toContain('Add picture');
    expect(document.getElementById(el.getAttribute('aria-describedby')!)?.textContent).toContain('10 MB');
  });
});
