import { jsPDF } from 'jspdf';
import { packRows, rowOffsets, startsNewPage } from './layout';
import type { ReportModel, ReportSection } from './report-model';
import {
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  drawBlock,
  ensureSpace,
  FOOTER_BASELINE,
  PAGE,
  PAGE_TOP,
  planBlock,
} from './section-block';

// Landscape A4 in millimetres with a 12 mm margin on every side (docs/screens.md section 9).
export { PAGE };

const BRAND: [number, number, number] = [15, 122, 123];
const INK: [number, number, number] = [33, 37, 41];
const MUTED: [number, number, number] = [90, 96, 102];
const WARNING: [number, number, number] = [201, 42, 42];
/** Space between sections, across and down. */
const GAP = 6;

/** Draws the report: vector text, tables and charts, one call, no I/O. */
export function renderReport(model: ReportModel): jsPDF {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4' });
  doc.setProperties({ title: model.title, subject: model.filterLine, creator: 'Full Arch Tracker' });

  let y = drawHeader(doc, model);
  y = drawStats(doc, model.stats, y + 4);
  y = drawSections(doc, model.sections, y + GAP);
  drawConfidentialNote(doc, model.confidentialNote, y + GAP);
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
  if (model.syncLine) {
    // The figures may be behind Open Dental: said in red, wrapped, under the line it qualifies.
    const lines = doc.splitTextToSize(model.syncLine, CONTENT_WIDTH) as string[];
    y += 5;
    doc.setTextColor(...WARNING).text(lines, x, y);
    y += 5 * (lines.length - 1);
  }
  return y;
}

/**
 * Six cards across: the label, the figure, and under it the comparison with the year before in
 * small type (up to two lines: `Jan 1-Nov 25, 2025: $584.8k (-$60.0k)` does not fit one card's
 * width). The cards keep the height they had without it, so the report keeps its pages.
 */
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
      .setFontSize(7.5)
      .setTextColor(...MUTED);
    doc.text(stat.label, x + 3, top + 4.2);
    doc
      .setFont('helvetica', 'bold')
      .setFontSize(13)
      .setTextColor(...INK);
    doc.text(stat.value, x + 3, top + 9.6);
    doc
      .setFont('helvetica', 'normal')
      .setFontSize(6.5)
      .setTextColor(...MUTED);
    doc.text(comparisonLines(doc, stat.comparison, width - 5), x + 3, top + 12.9, { lineHeightFactor: 1.2 });
  });
  return top + height;
}

/** A comparison too wide for its card puts the change, `(-$60.0k)`, on a line of its own. */
function comparisonLines(doc: jsPDF, text: string, width: number): string[] {
  if (doc.getTextWidth(text) <= width) return [text];
  const change = text.lastIndexOf(' (');
  if (change > 0) return [text.slice(0, change), text.slice(change + 1)];
  return (doc.splitTextToSize(text, width) as string[]).slice(0, 2);
}

/**
 * The sections in their order, set side by side where they fit across the page (the narrow
 * Pipeline beside the Consult Overview, Pending Finance beside Future Scheduled), each row on
 * the page when it fits there, on a new page when it fits on one, split only when longer.
 */
function drawSections(doc: jsPDF, sections: readonly ReportSection[], top: number): number {
  const blocks = sections.map((section) => planBlock(doc, section));
  let y = top;
  for (const row of packRows(
    // A block that keeps its row to itself is packed as if it were the page's width.
    blocks.map((b) => (b.section.ownRow ? CONTENT_WIDTH : b.width)),
    CONTENT_WIDTH,
    GAP,
  )) {
    const members = row.map((i) => blocks[i]);
    const height = Math.max(...members.map((b) => b.height));
    // Side by side only when the row fits on a page; otherwise each goes on alone.
    const rows =
      members.length > 1 && height > CONTENT_BOTTOM - PAGE_TOP ? members.map((b) => [b]) : [members];
    for (const group of rows) {
      const tallest = Math.max(...group.map((b) => b.height));
      const lead = Math.max(...group.map((b) => b.lead));
      if (startsNewPage(y, tallest, CONTENT_BOTTOM, PAGE_TOP, lead)) {
        doc.addPage();
        y = PAGE_TOP;
      }
      const xs = rowOffsets(
        group.map((b) => b.width),
        PAGE.margin,
        GAP,
      );
      // Each block starts on the row's page; the next row goes below the one that ends lowest,
      // on the last page any of them reached.
      const page = doc.getNumberOfPages();
      let end = { page, y };
      group.forEach((block, i) => {
        doc.setPage(page);
        const bottom = drawBlock(doc, block, xs[i], y);
        const reached = doc.getCurrentPageInfo().pageNumber;
        if (reached > end.page || (reached === end.page && bottom > end.y))
          end = { page: reached, y: bottom };
      });
      doc.setPage(end.page);
      y = end.y + GAP;
    }
  }
  return y - GAP;
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
