/**
 * Sends one picture to `POST /api/p/file/upload` (multipart, one `file` part, `kind` in the
 * query) with the session cookie and the `locale` header, reporting the upload's progress, and
 * settles the envelope by the same client rules as every other call (`settle` of `../api`).
 * XMLHttpRequest rather than fetch: only it reports how much of the body has been sent.
 */
import { NetworkError, TIMEOUT_MS, buildUrl, settle, type Envelope } from '../api';
import { FILE_UPLOAD } from '../generated/paths';
import { apiLocale } from '../i18n';

/** Uploads `file` as `kind`; resolves to its stored path (`/media/<name>`). */
export function uploadFile(file: Blob, kind: string, onProgress: (fraction: number) => void, fileName = 'picture'): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(FILE_UPLOAD, { kind }));
    xhr.withCredentials = true;
    xhr.timeout = TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('locale', apiLocale());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    const failed = (cause: unknown) => reject(new NetworkError(cause));
    xhr.onerror = () => failed('upload failed');
    xhr.ontimeout = () => failed('upload timed out');
    xhr.onabort = () => failed('upload aborted');
    xhr.onload = () => {
      let envelope: Envelope<string>;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<string>;
        if (typeof envelope !== 'object' || envelope === null || typeof envelope.code !== 'string') {
          throw new TypeError(`HTTP ${xhr.status}: not an API envelope`);
        }
      } catch (err) {
        return failed(err);
      }
      try {
        // The widget shows refusals next to the picture itself: no toast.
        resolve(settle(envelope, FILE_UPLOAD, { handleError: true }));
      } catch (err) {
        reject(err);
      }
    };
    const form = new FormData();
    form.append('file', file, fileName);
    xhr.send(form);
  });
}
