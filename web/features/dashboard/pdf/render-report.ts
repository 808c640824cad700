import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import type { ReportModel, ReportSection } from './report-model';
import { CHART, drawTrendChart } from './trend-chart';

// Landscape A4 in millimetres with a 12 mm margin on every side (docs/screens.md section 9).
export const PAGE = { width: 297, height: 210, margin: 12 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
// The footer sits inside the bottom margin's upper edge; content stops above it.
const FOOTER_BASELINE = PAGE.height - PAGE.margin;
const CONTENT_BOTTOM = FOOTER_BASELINE - 7;

const BRAND: [number, number, number] = [15, 122, 123];
const INK: [number, number, number] = [33, 37, 41];
const MUTED: [number, number, number] = [90, 96, 102];

/** Draws the report: vector text and tables, one call, no I/O. */
export function renderReport(model: ReportModel): jsPDF {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4' });
  doc.setProperties({ title: model.title, subject: model.filterLine, creator: 'Full Arch Tracker' });

  let y = drawHeader(doc, model);
  y = drawStats(doc, model.stats, y + 4);
  for (const section of model.sections) y = drawSection(doc, section, y + 8);
  drawConfidentialNote(doc, model.confidentialNote, y + 8);
  drawFooters(doc, model.footerLine);
  return doc;
}

function drawHeader(doc: jsPDF, model: ReportModel): number {
  const x = PAGE.margin;
  let y = PAGE.margin + 6;
  doc
    .setFont('helvetica', 'bold')
    .setFontSize(18)
    .setTextColor(...BRAND);
  doc.text(model.title, x, y);
  y += 7;
  doc
    .setFont('helvetica', 'normal')
    .setFontSize(10)
    .setTextColor(...INK);
  // Long provider and location names wrap rather than run off the page.
  const filterLines = doc.splitTextToSize(model.filterLine, CONTENT_WIDTH) as string[];
  doc.text(filterLines, x, y);
  y += 5 * filterLines.length;
  doc.setTextColor(...MUTED);
  doc.text(model.generatedLine, x, y);
  return y;
}

function drawStats(doc: jsPDF, stats: ReportModel['stats'], top: number): number {
  const gap = 4;
  const height = 17;
  const width = (CONTENT_WIDTH - gap * (stats.length - 1)) / stats.length;
  stats.forEach((stat, index) => {
    const x = PAGE.margin + index * (width + gap);
    doc.setDrawColor(210, 214, 218).setFillColor(246, 248, 249).setLineWidth(0.3);
    doc.roundedRect(x, top, width, height, 1.5, 1.5, 'FD');
    doc
      .setFont('helvetica', 'normal')
      .setFontSize(8)
      .setTextColor(...MUTED);
    doc.text(stat.label, x + 3, top + 5.5);
    doc
      .setFont('helvetica', 'bold')
      .setFontSize(14)
      .setTextColor(...INK);
    doc.text(stat.value, x + 3, top + 13);
  });
  return top + height;
}

/** Starts a new page when fewer than `needed` millimetres are left above the footer. */
function ensureSpace(doc: jsPDF, y: number, needed: number): number {
  if (y + needed <= CONTENT_BOTTOM) return y;
  doc.addPage();
  return PAGE.margin + 4;
}

// Row height of an 8 pt table with 1.4 mm padding, per line of text.
const LINE = 3.3;
const PADDING = 2.8;

/** Roughly how tall a section is: its heading, header, rows, totals and note. */
function estimateHeight(section: ReportSection): number {
  const lines = (row: string[]) => Math.max(...row.map((cell) => cell.split('\n').length));
  const rows = [section.head, ...section.body, ...section.foot];
  return 10 + rows.reduce((sum, row) => sum + lines(row) * LINE + PADDING, 0) + (section.note ? 8 : 0);
}

/** Month grids with few columns are not stretched across the whole page. */
const tableWidth = (section: ReportSection) =>
  Math.min(CONTENT_WIDTH, Math.max(90, 30 + (section.head.length - 1) * 24));

function drawSection(doc: jsPDF, section: ReportSection, top: number): number {
  // A table that fits on one page starts on a new page rather than splitting; a longer one
  // splits, but its heading never ends a page alone.
  const whole = estimateHeight(section) + (section.chart ? CHART.height + 4 : 0);
  const fitsOnAPage = whole <= CONTENT_BOTTOM - (PAGE.margin + 4);
  let y = ensureSpace(doc, top, fitsOnAPage ? whole : 34);
  doc
    .setFont('helvetica', 'bold')
    .setFontSize(12)
    .setTextColor(...BRAND);
  doc.text(section.title, PAGE.margin, y);
  y += 2;

  if (section.body.length === 0) {
    doc
      .setFont('helvetica', 'normal')
      .setFontSize(9)
      .setTextColor(...MUTED);
    doc.text(section.empty, PAGE.margin, y + 5);
    return y + 6;
  }

  if (section.chart) y = drawTrendChart(doc, section.chart, PAGE.margin, y + 3) + 1;

  let end = y;
  autoTable(doc, {
    startY: y + 1.5,
    head: [section.head],
    body: section.body,
    foot: section.foot,
    theme: 'grid',
    margin: {
      top: PAGE.margin + 4,
      left: PAGE.margin,
      right: PAGE.margin,
      bottom: PAGE.height - CONTENT_BOTTOM,
    },
    tableWidth: tableWidth(section),
    showHead: 'everyPage',
    showFoot: 'lastPage',
    rowPageBreak: 'avoid',
    // A very wide grid (many months ahead) continues on the next page with the provider column repeated.
    horizontalPageBreak: true,
    horizontalPageBreakRepeat: 0,
    styles: {
      font: 'helvetica',
      fontSize: 8,
      cellPadding: 1.4,
      textColor: INK,
      lineColor: [210, 214, 218],
      lineWidth: 0.2,
      valign: 'middle',
      overflow: 'linebreak',
    },
    headStyles: { fillColor: BRAND, textColor: 255, fontStyle: 'bold' },
    footStyles: { fillColor: [233, 236, 239], textColor: INK, fontStyle: 'bold' },
    alternateRowStyles: { fillColor: [248, 249, 250] },
    columnStyles: { 0: { cellWidth: 30 } },
    didParseCell: (data) => {
      // Figures line up on the right in every row, headers and totals included.
      data.cell.styles.halign = data.column.index === 0 ? 'left' : 'right';
    },
    didDrawPage: (data) => {
      if (data.cursor) end = data.cursor.y;
    },
  });

  if (section.note) {
    doc
      .setFont('helvetica', 'normal')
      .setFontSize(8.5)
      .setTextColor(...MUTED);
    const lines = doc.splitTextToSize(section.note, CONTENT_WIDTH) as string[];
    const noteTop = ensureSpace(doc, end + 2, lines.length * 4 + 2);
    doc.text(lines, PAGE.margin, noteTop + 3.5);
    end = noteTop + lines.length * 4;
  }
  return end;
}

function drawConfidentialNote(doc: jsPDF, note: string, top: number) {
  doc.setFont('helvetica', 'bold').setFontSize(9);
  const lines = doc.splitTextToSize(note, CONTENT_WIDTH - 8) as string[];
  const height = lines.length * 4.2 + 5;
  const y = ensureSpace(doc, top, height);
  doc.setDrawColor(201, 42, 42).setFillColor(255, 245, 245).setLineWidth(0.4);
  doc.roundedRect(PAGE.margin, y, CONTENT_WIDTH, height, 1.5, 1.5, 'FD');
  doc.setTextColor(170, 30, 30);
  doc.text(lines, PAGE.margin + 4, y + 5.5);
}

/** The text cut to `width` millimetres at the current font, ending in '...' when cut. */
function fitLine(doc: jsPDF, text: string, width: number): string {
  if (doc.getTextWidth(text) <= width) return text;
  let end = text.length;
  while (end > 0 && doc.getTextWidth(`${text.slice(0, end).trimEnd()}...`) > width) end--;
  return `${text.slice(0, end).trimEnd()}...`;
}

// The footer's left part stops short of 'Page x of y' at the right.
const FOOTER_ROOM = CONTENT_WIDTH - 30;

/** 'Page x of y' on every page, once the page count is known. */
function drawFooters(doc: jsPDF, footerLine: string) {
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.setDrawColor(210, 214, 218).setLineWidth(0.2);
    doc.line(PAGE.margin, FOOTER_BASELINE - 4, PAGE.width - PAGE.margin, FOOTER_BASELINE - 4);
    doc
      .setFont('helvetica', 'normal')
      .setFontSize(8)
      .setTextColor(...MUTED);
    // Long provider or location names must not run into the page number.
    doc.text(fitLine(doc, footerLine, FOOTER_ROOM), PAGE.margin, FOOTER_BASELINE);
    doc.text(`Page ${page} of ${pages}`, PAGE.width - PAGE.margin, FOOTER_BASELINE, { align: 'right' });
  }
}
