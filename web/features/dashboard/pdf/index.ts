import { renderReport } from './render-report';
import { buildReportModel, type ReportInput } from './report-model';

/** Loaded only when Export PDF Report is pressed: jsPDF stays out of the first download. */
export function createReport(input: ReportInput): { blob: Blob; fileName: string; pages: number } {
  const model = buildReportModel(input);
  const doc = renderReport(model);
  return { blob: doc.output('blob'), fileName: model.fileName, pages: doc.getNumberOfPages() };
}
