/** The dashboard workbook's Marketing sheet (docs/behaviour.md sections 9 and 19). */
import type ExcelJS from 'exceljs';
import { type MarketingFigures, SPEND_WHOLE_GROUP } from '../../common/api/marketing';
import type { MarketingReturn } from '../domain/figures';
import {
  BOLD,
  CURRENCY_FORMAT,
  DECIMAL_FORMAT,
  fitWidth,
  frameSheet,
  monthLabel,
  RATE_FORMAT,
  styleHeader,
  writeTitle,
} from './cells';

type Column = { header: string; key: keyof MarketingFigures; format?: string; spend?: true };

const COLUMNS: Column[] = [
  { header: 'Spend', key: 'spend', format: CURRENCY_FORMAT, spend: true },
  { header: 'Leads', key: 'leads' },
  { header: 'Consults', key: 'consults' },
  { header: 'Won', key: 'won' },
  { header: 'Arches', key: 'arches' },
  { header: 'Arch Value', key: 'arch_value', format: CURRENCY_FORMAT },
  { header: 'Cost per Lead', key: 'cost_per_lead', format: CURRENCY_FORMAT, spend: true },
  { header: 'Cost per Consult', key: 'cost_per_consult', format: CURRENCY_FORMAT, spend: true },
  { header: 'Cost per Arch', key: 'cost_per_arch', format: CURRENCY_FORMAT, spend: true },
  { header: 'Value per $', key: 'value_per_dollar', format: DECIMAL_FORMAT, spend: true },
  { header: 'Median Days to Consult', key: 'median_days_to_consult', format: RATE_FORMAT },
];

/**
 * The return by source: a row per source, then `No lead`, then the totals. With a location chosen
 * the spend and every cost are left out, and a line says spend is entered for the whole group.
 */
export function marketingSheet(
  ws: ExcelJS.Worksheet,
  title: string,
  at: Date,
  figures: MarketingReturn,
): void {
  let headerRow = writeTitle(ws, title, at);
  ws.getCell(3, 1).value =
    figures.through === null
      ? `${figures.year} has not begun: nothing is counted yet.`
      : `Through ${monthLabel(figures.through)}`;
  if (!figures.spend_included) {
    ws.getCell(4, 1).value = SPEND_WHOLE_GROUP;
    headerRow = 6;
  }
  const columns = COLUMNS.filter((c) => figures.spend_included || !c.spend);
  const header = ws.getRow(headerRow);
  header.values = ['Source', ...columns.map((c) => c.header)];
  styleHeader(header);
  const addRow = (source: string, f: MarketingFigures) => {
    const row = ws.addRow([source, ...columns.map((c) => f[c.key] ?? 'n/a')]);
    columns.forEach((c, i) => {
      if (c.format) row.getCell(i + 2).numFmt = c.format;
    });
    return row;
  };
  for (const { source, ...f } of figures.sources) addRow(source, f);
  addRow('Total', figures.totals).font = BOLD;
  ws.getColumn(1).width = fitWidth(
    figures.sources.map((s) => s.source),
    12,
  );
  columns.forEach((c, i) => {
    ws.getColumn(i + 2).width = Math.max(10, c.header.length + 2);
  });
  frameSheet(ws, headerRow, 1);
}
