import { type ImportKind, type ImportResponse, importsApi, type RowIssue } from '../../../common/api/imports';
import { ApiError, failure, NETWORK_ERROR, readToken, urlOf } from '../../lib/api';

/** A refused file: the server's words, and for a file with no valid row, the rows it skipped. */
export class ImportRefused extends ApiError {
  constructor(
    cause: ApiError,
    public readonly skipped: readonly RowIssue[] = [],
  ) {
    super(cause.status, cause.message, cause.fromServer);
    this.name = 'ImportRefused';
  }
}

export interface UploadRequest {
  kind: ImportKind;
  file: File;
  /** 'true' swaps the whole data set of this kind; 'false' merges (docs/behaviour.md section 2). */
  replace: boolean;
  /** Percent of the file sent so far, 0-100. */
  onProgress?: (percent: number) => void;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function skippedOf(body: unknown): RowIssue[] {
  const skipped = (body as { skipped?: unknown } | null)?.skipped;
  return Array.isArray(skipped) ? (skipped as RowIssue[]) : [];
}

/**
 * Sends one import file as multipart (fields `replace` and `file`). XMLHttpRequest rather than
 * fetch, because only it reports upload progress; the token and the ending of the session on a 401
 * are the same as for every other call.
 */
export function uploadImport({ kind, file, replace, onProgress }: UploadRequest): Promise<ImportResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const endpoint = importsApi.upload[kind];
    xhr.open(endpoint.method, urlOf(endpoint));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    xhr.addEventListener('load', () => {
      const body = parse(xhr.responseText);
      const succeeded =
        xhr.status >= 200 && xhr.status < 300 && (body as { success?: unknown } | null)?.success === true;
      if (succeeded) resolve(body as ImportResponse);
      else reject(new ImportRefused(failure(xhr.status, body, true), skippedOf(body)));
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, NETWORK_ERROR)));
    xhr.addEventListener('abort', () => reject(new ApiError(0, NETWORK_ERROR)));

    const form = new FormData();
    form.append('replace', replace ? 'true' : 'false');
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
