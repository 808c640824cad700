// CSV as Windows practice-management systems write it: UTF-8 with a BOM, CRLF line ends, dates as
// M/D/YYYY text and fees as `$1,250.00`. Lines are batched into large writes and the stream's
// back-pressure is honoured, so memory stays flat however many rows pass through.

import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { formatMdy } from './calendar.js';
import { type Cell, isDate, isMoney, type TableSink, type TableSpec } from './sink.js';

const CHUNK_CHARS = 64 * 1024;

export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  // Thousands separators by hand: cheaper than toLocaleString on 600k rows, and locale-proof.
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

function field(cell: Cell): string {
  if (cell === null) return '';
  if (isDate(cell)) return formatMdy(cell.date);
  // Quoted only when needed, as spreadsheet programs do: `$95.00` bare, `"$1,250.00"` quoted.
  const text = isMoney(cell) ? formatMoney(cell.cents) : String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export class CsvSink implements TableSink {
  private readonly out: WriteStream;
  private buffer = '\uFEFF';

  constructor(path: string, spec: TableSpec) {
    this.out = createWriteStream(path, { encoding: 'utf8' });
    for (const title of spec.titles) this.buffer += `${field(title)}\r\n`;
    this.row(spec.headers);
  }

  row(cells: readonly Cell[]): void {
    this.buffer += `${cells.map(field).join(',')}\r\n`;
    if (this.buffer.length >= CHUNK_CHARS) this.push();
  }

  async flush(): Promise<void> {
    // Asked of the stream, not remembered: a 'drain' may already have fired while awaiting others.
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
  }

  async close(): Promise<void> {
    this.push();
    await this.flush();
    this.out.end();
    await once(this.out, 'finish');
  }

  private push(): void {
    if (this.buffer.length === 0) return;
    this.out.write(this.buffer);
    this.buffer = '';
  }
}
