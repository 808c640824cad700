/**
 * A backup's content, before it is packed and sealed (backup-file.ts): a run of frames, each a
 * kind byte, a 4-byte length and its bytes. A table is its columns (`T`), its rows in pieces of
 * COPY's text format (`D`, whole rows each), and its row count (`E`); the sequences' values (`S`)
 * and the end (`Z`) follow the last table, so a content without its end is known to be cut short.
 */

export type Frame =
  | { kind: 'table'; name: string; columns: string[] }
  | { kind: 'rows'; data: Uint8Array }
  | { kind: 'table-end'; rows: number }
  | { kind: 'sequences'; values: Record<string, number | null> }
  | { kind: 'end'; tables: number };

const KIND_BYTES = { table: 84, rows: 68, 'table-end': 69, sequences: 83, end: 90 } as const; // T D E S Z
const KIND_OF = new Map<number, Frame['kind']>(
  Object.entries(KIND_BYTES).map(([kind, byte]) => [byte, kind as Frame['kind']]),
);

export function encodeFrame(frame: Frame): Buffer {
  const { kind, ...rest } = frame;
  const body = frame.kind === 'rows' ? frame.data : Buffer.from(JSON.stringify(rest));
  const head = Buffer.alloc(5);
  head.writeUInt8(KIND_BYTES[kind], 0);
  head.writeUInt32BE(body.byteLength, 1);
  return Buffer.concat([head, body]);
}

function decodeFrame(kindByte: number, body: Buffer): Frame {
  const kind = KIND_OF.get(kindByte);
  if (!kind) throw new Error(`unknown frame ${kindByte}`);
  if (kind === 'rows') return { kind, data: body };
  return { kind, ...JSON.parse(body.toString('utf8')) } as Frame;
}

/** The frames of a content read in pieces of any size. */
export async function* decodeFrames(source: AsyncIterable<Uint8Array>): AsyncGenerator<Frame> {
  // Pieces are joined only once a whole frame has come, so a large frame is copied once.
  let pieces: Buffer[] = [];
  let held = 0;
  let need = 5;
  for await (const piece of source) {
    pieces.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
    held += piece.byteLength;
    while (held >= need) {
      const all = pieces.length === 1 ? pieces[0] : Buffer.concat(pieces);
      let at = 0;
      while (all.length - at >= 5) {
        const length = all.readUInt32BE(at + 1);
        if (all.length - at - 5 < length) break;
        yield decodeFrame(all[at], all.subarray(at + 5, at + 5 + length));
        at += 5 + length;
      }
      const rest = all.subarray(at);
      pieces = rest.length > 0 ? [rest] : [];
      held = rest.length;
      need = rest.length >= 5 ? 5 + rest.readUInt32BE(1) : 5;
    }
  }
  if (held > 0) throw new Error('the content ends inside a frame');
}

/** Rows of COPY's text format end with a newline; one inside a value is written `\n`. */
export function countRows(data: Uint8Array): number {
  let rows = 0;
  for (let i = data.indexOf(10); i !== -1; i = data.indexOf(10, i + 1)) rows++;
  return rows;
}

/** Cuts a piece of whole rows into pieces of at most about `size` bytes, each of whole rows. */
export function* piecesOfRows(data: Uint8Array, size = 4 << 20): Generator<Uint8Array> {
  let start = 0;
  while (data.byteLength - start > size) {
    const cut = data.lastIndexOf(10, start + size - 1);
    // A row longer than a piece goes whole.
    const end = cut >= start ? cut + 1 : data.indexOf(10, start + size) + 1 || data.byteLength;
    yield data.subarray(start, end);
    start = end;
  }
  if (start < data.byteLength) yield data.subarray(start);
}
