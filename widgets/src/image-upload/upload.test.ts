import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import { uploadFile } from './upload';

/** A stand-in XMLHttpRequest that records what is sent and answers `body`. */
function fakeXhr(body: unknown) {
  const sent: { method?: string; url?: string; headers: Record<string, string>; form?: FormData; credentials?: boolean } = { headers: {} };
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    withCredentials = false;
    timeout = 0;
    status = 200;
    responseText = JSON.stringify(body);
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      sent.method = method;
      sent.url = url;
    }
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    }
    send(form: FormData) {
      sent.form = form;
      sent.credentials = this.withCredentials;
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('uploadFile', () => {
  it('posts one file part with the kind, the session cookie and the locale, and reports progress', async () => {
    const sent = fakeXhr({ success: true, code: '00000', msg: null, data: '/media/abc.png' });
    const progress: number[] = [];
    const path = await uploadFile(new Blob(['x'], { type: 'image/png' }), 'avatar', (f) => progress.push(f), 'me.png');
    expect(path).toBe('/media/abc.png');
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/p/file/upload?kind=avatar');
    expect(sent.credentials).toBe(true);
    expect(sent.headers.locale).toBe('en');
    expect(sent.form?.get('file')).toBeInstanceOf(Blob);
    expect(progress).toEqual([0.5]);
  });

  it("rejects with the server's refusal, without a toast", async () => {
    fakeXhr({ success: false, code: 'A00001', msg: 'Only pictures', data: null });
    const toasts: unknown[] = [];
    const listener = (e: Event) => toasts.push((e as CustomEvent).detail);
    window.addEventListener('mall:toast', listener);
    await expect(uploadFile(new Blob(['x']), 'image', () => {})).rejects.toBeInstanceOf(ApiError);
    await expect(uploadFile(new Blob(['x']), 'image', () => {})).rejects.toMatchObject({ code: 'A00001', message: 'Only pictures' });
    window.removeEventListener('mall:toast', listener);
    expect(toasts).toEqual([]);
  });
});
