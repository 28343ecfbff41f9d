import { MAX_UPLOAD_BYTES, type FilePurpose } from '~/lib/file-limits';

/** The stored file /resources/upload answers with. */
export interface StoredUpload {
  id: string;
  url: string;
  filename: string;
}

/** Why an upload in the browser failed: the server's message (in the user's language) or none (network). */
export class UploadProblem extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

/**
 * Uploads one file to /resources/upload with progress (XHR: fetch reports no upload progress). Resolves with the
 * stored file; rejects with an `UploadProblem` carrying the server's message, or '' when the network failed.
 */
export function uploadWithProgress(file: Blob, filename: string, purpose: FilePurpose, onProgress: (percent: number) => void): Promise<StoredUpload> {
  return new Promise((resolve, reject) => {
    if (file.size > MAX_UPLOAD_BYTES) {
      reject(new UploadProblem('', 'FILE_TOO_LARGE'));
      return;
    }
    const body = new FormData();
    body.append('purpose', purpose);
    body.append('file', file, filename);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/resources/upload');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let answer: { file?: StoredUpload; error?: { message?: string; code?: string } } = {};
      try {
        answer = JSON.parse(xhr.responseText) as typeof answer;
      } catch {
        // not JSON: a proxy's error page
      }
      if (xhr.status < 300 && answer.file) resolve(answer.file);
      else reject(new UploadProblem(answer.error?.message ?? '', answer.error?.code ?? null));
    };
    xhr.onerror = () => reject(new UploadProblem('', null));
    xhr.send(body);
  });
}
