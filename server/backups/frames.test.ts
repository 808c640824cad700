import { countRows, decodeFrames, encodeFrame, type Frame, piecesOfRows } from './frames';

async function* inPieces(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}
const rows = (text: string) => new Uint8Array(Buffer.from(text));

describe('frames', () => {
  const frames: Frame[] = [
    { kind: 'table', name: 'users', columns: ['id', 'username'] },
    { kind: 'rows', data: rows('1\tadmin\n2\tdr\\nlee\n') },
    { kind: 'table-end', rows: 2 },
    { kind: 'sequences', values: { users_id_seq: 2, goals_id_seq: null } },
    { kind: 'end', tables: 1 },
  ];
  const bytes = Buffer.concat(frames.map(encodeFrame));

  it.each([1, 3, 7, 64, bytes.length])('reads back what was written, in pieces of %i bytes', async (size) => {
    const read: Frame[] = [];
    for await (const f of decodeFrames(inPieces(bytes, size))) read.push(f);
    expect(read.map((f) => (f.kind === 'rows' ? { ...f, data: Buffer.from(f.data).toString() } : f))).toEqual(
      frames.map((f) => (f.kind === 'rows' ? { ...f, data: Buffer.from(f.data).toString() } : f)),
    );
  });

  it('refuses a content cut inside a frame', async () => {
    const cut = bytes.subarray(0, bytes.length - 3);
    await expect(async () => {
      for await (const _ of decodeFrames(inPieces(cut, 10))) void _;
    }).rejects.toThrow('the content ends inside a frame');
  });
});

describe('countRows', () => {
  it('counts rows by their ends; an escaped newline inside a value is not one', () => {
    expect(countRows(rows(''))).toBe(0);
    expect(countRows(rows('1\ta\\nb\n2\tc\n'))).toBe(2);
  });
});

describe('piecesOfRows', () => {
  it('cuts after whole rows, each piece at most the size unless one row is longer', () => {
    const data = rows('aaaa\nbb\ncccccccccc\nd\n');
    const pieces = [...piecesOfRows(data, 6)].map((p) => Buffer.from(p).toString());
    expect(pieces).toEqual(['aaaa\n', 'bb\n', 'cccccccccc\n', 'd\n']);
    expect(pieces.join('')).toBe(Buffer.from(data).toString());
  });
  it('keeps a small piece whole', () => {
    expect([...piecesOfRows(rows('a\nb\n'), 100)].map((p) => Buffer.from(p).toString())).toEqual(['a\nb\n']);
  });
});
