import { ImportFileError } from '../file-reading';
import { HttpError } from '../http/http-error';
import { asMessage, fromMessage } from './read-protocol';

// An error thrown on a file's reading thread reaches the server's as it was thrown there.
describe('an error crossing threads', () => {
  it("keeps a file error's status, words and code", () => {
    const back = fromMessage(asMessage(new ImportFileError(422, 'The file is empty', 'file_empty')));
    expect(back).toBeInstanceOf(ImportFileError);
    expect(back).toMatchObject({ status: 422, message: 'The file is empty', code: 'file_empty' });
  });

  it("keeps an HttpError's status, words, code, field and more fields", () => {
    const sent = new HttpError(422, 'No valid rows', { code: 'no_valid_rows', extra: { rows_skipped: 3 } });
    const back = fromMessage(asMessage(sent));
    expect(back).toBeInstanceOf(HttpError);
    expect((back as HttpError).body()).toEqual(sent.body());
    const field = fromMessage(
      asMessage(new HttpError(400, 'x must be y', { code: 'invalid_field', field: 'x' })),
    );
    expect((field as HttpError).field).toBe('x');
  });
});
