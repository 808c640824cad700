import { jsPDF } from 'jspdf';
import { autoTable, type UserOptions } from 'jspdf-autotable';
import { alignedColumns } from './layout';
import { drawProviderChart, providerChartHeight, providerRowHeight } from './provider-chart';
import type { ReportSection } from './report-model';
import { CHART, type ChartFrame, drawTrendChart } from './trend-chart';

/** The page's frame, shared with render-report.ts (docs/screens.md section 9). */
export const PAGE = { width: 297, height: 210, margin: 12 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
// The footer sits inside the bottom margin's upper edge; content stops above it.
export const FOOTER_BASELINE = PAGE.height - PAGE.margin;
export const CONTENT_BOTTOM = FOOTER_BASELINE - 7;
/** Where content starts on a page after the first. */
export const PAGE_TOP = PAGE.margin + 4;

const BRAND: [number, number, number] = [15, 122, 123];
const INK: [number, number, number] = [33, 37, 41];
const MUTED: [number, number, number] = [90, 96, 102];

const FONT_SIZE = 8;
const PADDING = { vertical: 0.8, horizontal: 1.4 };
// The section title's band, and the room a note's line takes at 8 pt.
const TITLE_HEIGHT = 6;
const NOTE_LINE = 3.4;
// A note wraps within at least this width, so a narrow table's note does not run to many lines.
const NOTE_WIDTH = 100;
const LEAST_COLUMN = 15;
const LEAST_FIRST_COLUMN = 26;
// A header this wide or narrower keeps to one line (`Win Rate %`); a longer one wraps at spaces.
const WHOLE_HEADER = 16;
// A table's header and first rows, what must follow its title on a page.
const LEAD_ROWS = 30;
// Chart heights: the trend chart with its legend, the one-series money chart a little lower.
const TREND_HEIGHT = 42;
const MONEY_CHART_HEIGHT = 32;

/** A section ready to draw: its width on the page, its columns and its height, measured. */
export interface Block {
  section: ReportSection;
  width: number;
  /** Table column widths in millimetres; empty for a chart alone. */
  columns: number[];
  /** Where the chart's plot sits, so that its months stand over the table's month columns. */
  frame?: ChartFrame;
  /** The note's lines, wrapped to the block's width. */
  noteLines: string[];
  /** The width kept for the provider chart's names. */
  labelWidth: number;
  height: number;
  /** What must fit on a page for a block longer than a page to start there: its title, chart and first rows. */
  lead: number;
}

const hasTable = (section: ReportSection) => section.head.length > 0 && section.body.length > 0;
const isEmpty = (section: ReportSection) => section.head.length > 0 && section.body.length === 0;

/** The widest line of `text` (lines split at '\n') in the font set on `doc`, in millimetres. */
function widest(doc: jsPDF, text: string, splitWords = false): number {
  const parts = splitWords ? text.split(/[\s\n]+/) : text.split('\n');
  return Math.max(0, ...parts.map((part) => doc.getTextWidth(part)));
}

/**
 * Each column as wide as its widest cell, so no text is broken by the table: provider names come
 * wrapped at word boundaries and must not be cut again. A header may wrap at its spaces.
 */
function naturalColumns(doc: jsPDF, section: ReportSection): number[] {
  const pad = 2 * PADDING.horizontal + 0.6;
  return section.head.map((head, c) => {
    doc.setFont('helvetica', 'bold').setFontSize(FONT_SIZE);
    const whole = doc.getTextWidth(head);
    let width = whole <= WHOLE_HEADER ? whole : widest(doc, head, true);
    for (const row of section.foot) width = Math.max(width, widest(doc, row[c] ?? ''));
    doc.setFont('helvetica', 'normal');
    for (const row of section.body) width = Math.max(width, widest(doc, row[c] ?? ''));
    return Math.max(width + pad, c === 0 ? LEAST_FIRST_COLUMN : LEAST_COLUMN);
  });
}

/** The separator of a note's parts (the Pipeline's three medians). */
const PART = '   |   ';

/**
 * A note's lines within `width`: one line when it fits; otherwise a note of parts gives each part
 * its own line(s), so no part is broken across two lines beside a dangling separator.
 */
function wrapNote(doc: jsPDF, note: string, width: number): string[] {
  if (doc.getTextWidth(note) <= width || !note.includes(PART))
    return doc.splitTextToSize(note, width) as string[];
  return note.split(PART).flatMap((part) => doc.splitTextToSize(part, width) as string[]);
}

function chartFrame(section: ReportSection): ChartFrame {
  const height = section.chart?.line ? TREND_HEIGHT : MONEY_CHART_HEIGHT;
  return { height, left: 10, right: section.chart?.line ? 12 : 4 };
}

/** Measures a section as it will be drawn. */
export function planBlock(doc: jsPDF, section: ReportSection): Block {
  let columns: number[] = [];
  let frame: ChartFrame | undefined;
  if (hasTable(section)) {
    columns = naturalColumns(doc, section);
    if (section.chart) {
      frame = chartFrame(section);
      const aligned = alignedColumns(columns, CHART.width, { first: 30, last: 20 });
      if (aligned && section.chart.labels.length === aligned.length - 2) {
        columns = aligned;
        frame = { ...frame, left: aligned[0], right: aligned[aligned.length - 1] };
      }
    }
  } else if (section.chart) {
    frame = chartFrame(section);
  }
  const tableWidth = columns.reduce((sum, w) => sum + w, 0);
  doc.setFont('helvetica', 'bold').setFontSize(12);
  let titleWidth = doc.getTextWidth(section.title);
  // An empty section's block holds its sentence.
  if (isEmpty(section))
    titleWidth = Math.max(
      titleWidth,
      doc.setFont('helvetica', 'normal').setFontSize(9).getTextWidth(section.empty),
    );
  const chartWidth = section.chart || section.providerChart ? CHART.width : 0;
  const width = Math.min(
    CONTENT_WIDTH,
    Math.max(tableWidth, chartWidth, titleWidth, section.note && hasTable(section) ? NOTE_WIDTH : 0, 60),
  );
  doc.setFont('helvetica', 'normal').setFontSize(FONT_SIZE);
  const noteLines = section.note && hasTable(section) ? wrapNote(doc, section.note, width) : [];
  const labelWidth = section.providerChart
    ? Math.max(
        LEAST_FIRST_COLUMN,
        ...section.providerChart.rows.flatMap((row) => row.lines.map((line) => doc.getTextWidth(line) + 4)),
      )
    : 0;
  const block: Block = { section, width, columns, frame, noteLines, labelWidth, height: 0, lead: 0 };
  block.height = measureHeight(block);
  block.lead =
    TITLE_HEIGHT +
    (frame ? frame.height + 1 : 0) +
    (section.providerChart ? providerChartHeight(section.providerChart.rows.slice(0, 3)) : 0) +
    (hasTable(section) ? LEAD_ROWS : 0);
  return block;
}

function measureHeight(block: Block): number {
  const { section } = block;
  if (isEmpty(section)) return TITLE_HEIGHT + 5;
  let height = TITLE_HEIGHT;
  if (section.providerChart) height += providerChartHeight(section.providerChart.rows);
  if (section.chart && block.frame) height += block.frame.height + 1;
  if (hasTable(section)) height += tableHeight(block) + 1.5;
  if (block.noteLines.length > 0) height += 1.5 + block.noteLines.length * NOTE_LINE;
  return height;
}

/** The table's height, measured by drawing it on a scratch page tall enough to hold it whole. */
function tableHeight(block: Block): number {
  const scratch = new jsPDF({ orientation: 'portrait', unit: 'mm', format: [PAGE.width, 4000] });
  let end = 0;
  autoTable(scratch, {
    ...tableOptions(block, PAGE.margin, 0),
    didDrawPage: (data) => {
      if (data.cursor) end = data.cursor.y;
    },
  });
  // Longer than the scratch page (thousands of rows): surely taller than a page, so it splits.
  return scratch.getNumberOfPages() > 1 ? Number.MAX_SAFE_INTEGER : end;
}

function tableOptions(block: Block, x: number, startY: number): UserOptions {
  const { section, columns } = block;
  const total = columns.reduce((sum, w) => sum + w, 0);
  const fits = total <= CONTENT_WIDTH + 0.01;
  return {
    startY,
    head: section.headGroups
      ? [section.headGroups.map((g) => ({ content: g.label, colSpan: g.span })), section.head]
      : [section.head],
    body: section.body,
    foot: section.foot,
    theme: 'grid',
    margin: {
      top: PAGE_TOP,
      left: x,
      right: fits ? Math.max(PAGE.margin, PAGE.width - x - total) : PAGE.margin,
      bottom: PAGE.height - CONTENT_BOTTOM,
    },
    tableWidth: fits ? total : 'auto',
    showHead: 'everyPage',
    showFoot: 'lastPage',
    rowPageBreak: 'avoid',
    // A grid too wide for the page (many months ahead) continues on the next page with the
    // provider column repeated.
    horizontalPageBreak: !fits,
    horizontalPageBreakRepeat: 0,
    styles: {
      font: 'helvetica',
      fontSize: FONT_SIZE,
      cellPadding: {
        top: PADDING.vertical,
        bottom: PADDING.vertical,
        left: PADDING.horizontal,
        right: PADDING.horizontal,
      },
      textColor: INK,
      lineColor: [210, 214, 218],
      lineWidth: 0.2,
      valign: 'middle',
      overflow: 'linebreak',
    },
    headStyles: { fillColor: BRAND, textColor: 255, fontStyle: 'bold' },
    footStyles: { fillColor: [233, 236, 239], textColor: INK, fontStyle: 'bold' },
    alternateRowStyles: { fillColor: [248, 249, 250] },
    columnStyles: Object.fromEntries(columns.map((w, i) => [i, { cellWidth: w }])),
    didParseCell: (data) => {
      // Figures line up on the right in every row, headers and totals included; a group's name
      // is centred over its columns.
      const group = data.section === 'head' && section.headGroups && data.row.index === 0;
      data.cell.styles.halign = group ? 'center' : data.column.index === 0 ? 'left' : 'right';
      const part = data.section === 'body' || data.section === 'foot' ? data.section : null;
      const tone = part && section.tones?.[part][data.row.index]?.[data.column.index];
      if (tone) data.cell.styles.textColor = tone;
    },
  };
}

function drawTitle(doc: jsPDF, title: string, x: number, y: number) {
  doc
    .setFont('helvetica', 'bold')
    .setFontSize(12)
    .setTextColor(...BRAND);
  doc.text(title, x, y + 4.2);
}

/** Starts a new page when fewer than `needed` millimetres are left above the footer. */
export function ensureSpace(doc: jsPDF, y: number, needed: number): number {
  if (y + needed <= CONTENT_BOTTOM) return y;
  doc.addPage();
  return PAGE_TOP;
}

/**
 * Draws a block with its top-left corner at (x, top) and returns the y below it. A block placed
 * where it fits draws in one piece; a taller one (a long provider list) runs onto further pages:
 * the table with its header repeated, the provider chart a page's share of rows at a time.
 */
export function drawBlock(doc: jsPDF, block: Block, x: number, top: number): number {
  const { section } = block;
  drawTitle(doc, section.title, x, top);
  let y = top + TITLE_HEIGHT;

  if (isEmpty(section)) {
    doc
      .setFont('helvetica', 'normal')
      .setFontSize(9)
      .setTextColor(...MUTED);
    doc.text(section.empty, x, y + 3.5);
    return y + 5;
  }

  if (section.providerChart) y = drawProviderRows(doc, block, x, y);
  if (section.chart && block.frame) y = drawTrendChart(doc, section.chart, x, y, block.frame) + 1;

  if (hasTable(section)) {
    let end = y;
    autoTable(doc, {
      ...tableOptions(block, x, y),
      didDrawPage: (data) => {
        if (data.cursor) end = data.cursor.y;
      },
    });
    y = end + 1.5;
  }

  if (block.noteLines.length > 0) {
    y = ensureSpace(doc, y, block.noteLines.length * NOTE_LINE + 1.5);
    doc
      .setFont('helvetica', 'normal')
      .setFontSize(FONT_SIZE)
      .setTextColor(...MUTED);
    doc.text(block.noteLines, x, y + 3.3, { lineHeightFactor: NOTE_LINE / ((FONT_SIZE * 25.4) / 72) });
    y += 1.5 + block.noteLines.length * NOTE_LINE;
  }
  return y;
}

/** The provider chart, in as many pieces as pages it needs. */
function drawProviderRows(doc: jsPDF, block: Block, x: number, top: number): number {
  const chart = block.section.providerChart;
  if (!chart) return top;
  let rest = chart.rows;
  let y = top;
  while (rest.length > 0) {
    let room = CONTENT_BOTTOM - y - providerChartHeight([]);
    let count = 0;
    while (count < rest.length && room >= providerRowHeight(rest[count])) {
      room -= providerRowHeight(rest[count]);
      count++;
    }
    // A row taller than a whole page cannot be: names wrap to a few lines. Still, never loop.
    if (count === 0 && y === PAGE_TOP) count = 1;
    if (count === 0) {
      doc.addPage();
      y = PAGE_TOP;
      continue;
    }
    y = drawProviderChart(doc, chart, rest.slice(0, count), x, y, block.labelWidth);
    rest = rest.slice(count);
    if (rest.length > 0) {
      doc.addPage();
      y = PAGE_TOP;
    }
  }
  return y;
}
