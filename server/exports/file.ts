import type { Actor } from '../caller/actor';
import type { DashboardDataSource } from '../dashboard';
import type { Tx } from '../db/client';

/**
 * What an export is made from: the database (for its audit row), the dashboard's snapshots of the
 * request's data and case work versions, so a file matches the screen, and who asks.
 */
export interface ExportFrom {
  db: Tx;
  source: DashboardDataSource;
  actor: Actor;
  dataVersion: string;
  activityVersion: string;
}

/** A file to download: its content type, the name it is saved as, and its bytes. */
export interface ExportFile {
  type: string;
  name: string;
  body: Buffer;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PDF = 'application/pdf';

export const xlsxFile = (name: string, body: Buffer): ExportFile => ({ type: XLSX, name, body });
export const pdfFile = (name: string, body: Buffer): ExportFile => ({ type: PDF, name, body });
