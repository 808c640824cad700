import type { DashboardDataSource } from '../dashboard/data';
import type { Db } from '../db/client';
import type { BuildReport } from './monthly';

/** Placeholder until the PDF report is built on the server. */
export function createReportBuilder(_source: DashboardDataSource, _db: Db): BuildReport {
  return async () => {
    throw new Error('The PDF report is not built on the server yet');
  };
}
