import {
  type ImportKind,
  type ImportPreview,
  type ImportResponse,
  importsApi,
  type RowIssue,
} from '../../../common/api/imports';
import { ApiError, failure, NETWORK_ERROR, readToken, urlOf } from '../../lib/api';

/** A refused file: the server's words, and for a file with no valid row, the rows it skipped. */
export class ImportRefused extends ApiError {
  constructor(
    cause: ApiError,
    public readonly skipped: readonly RowIssue[] = [],
  ) {
    super(cause.status, cause.message, cause);
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

export interface ConfirmRequest {
  kind: ImportKind;
  /** The id the preview answered: the server imports the file it kept. */
  previewId: string;
  replace: boolean;
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
 * Sends one multipart form to an import call. XMLHttpRequest rather than fetch, because only it
 * reports upload progress; the token and the ending of the session on a 401 are the same as for
 * every other call.
 */
function sendForm<T>(kind: ImportKind, form: FormData, onProgress?: (percent: number) => void): Promise<T> {
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
      if (succeeded) resolve(body as T);
      else reject(new ImportRefused(failure(xhr.status, body, true), skippedOf(body)));
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, NETWORK_ERROR)));
    xhr.addEventListener('abort', () => reject(new ApiError(0, NETWORK_ERROR)));
    xhr.send(form);
  });
}

/**
 * Sends a file to be read and checked, not imported (`dry_run` 'true'): the server keeps it and
 * answers what the import would do, with the id that imports it.
 */
export function previewImport({ kind, file, replace, onProgress }: UploadRequest): Promise<ImportPreview> {
  const form = new FormData();
  form.append('replace', replace ? 'true' : 'false');
  form.append('dry_run', 'true');
  form.append('file', file, file.name);
  return sendForm(kind, form, onProgress);
}

/** Imports the file a preview kept, by its id: the file is not sent again. */
export function confirmImport({ kind, previewId, replace }: ConfirmRequest): Promise<ImportResponse> {
  const form = new FormData();
  form.append('replace', replace ? 'true' : 'false');
  form.append('preview_id', previewId);
  return sendForm(kind, form);
}
