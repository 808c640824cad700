// The four export layouts: title lines, header names (all from the importer's accepted list,
// plus a Tooth column it must ignore), and how a generated row becomes cells.

import { formatMdyPadded } from './calendar.js';
import type { LeadRow } from './leads.js';
import type { ApptRow, IgnoreRow, ProcRow } from './patient.js';
import { phoneOf } from './phones.js';
import type { Cell, TableSpec } from './sink.js';
import type { World } from './world.js';

export type TableKind = 'full-arch-report' | 'future-scheduled' | 'ignore-list' | 'leads';

/** The report's print time: fixed, so that reruns are byte-identical. */
function generatedLine(world: World): string {
  return `Generated ${formatMdyPadded(world.today)} 08:15 AM`;
}

export function tableSpec(kind: TableKind, world: World): TableSpec {
  switch (kind) {
    case 'full-arch-report':
      return {
        sheetName: 'Full Arch Report',
        titles: [
          'Full Arch Report',
          `Date Range: ${formatMdyPadded(world.firstDay)} - ${formatMdyPadded(world.lastDay)}`,
          generatedLine(world),
          '',
        ],
        headers: [
          'Patient',
          'Date',
          'Proc Code',
          'Tooth',
          'Provider',
          'Description',
          'Fee',
          'Location',
          'Phone',
        ],
        widths: [28, 12, 14, 7, 24, 60, 12, 14, 16],
      };
    case 'future-scheduled':
      return {
        sheetName: 'Future Scheduled',
        titles: ['Future Scheduled Appointments', generatedLine(world), ''],
        headers: ['Patient', 'Appt Date', 'Code', 'Provider', 'Description', 'Status', 'Location', 'Phone'],
        widths: [28, 12, 10, 24, 60, 12, 14, 16],
      };
    case 'ignore-list':
      // Kept by hand in a spreadsheet, so no report title above the header.
      return {
        sheetName: 'Ignore List',
        titles: [],
        headers: ['Patient', 'Year', 'Notes'],
        widths: [28, 8, 40],
      };
    case 'leads':
      // A CRM's export: no title, the name in two columns, as web forms ask for it.
      return {
        sheetName: 'Leads',
        titles: [],
        headers: ['Lead Date', 'First Name', 'Last Name', 'Phone', 'Email', 'Source', 'Location'],
        widths: [12, 16, 20, 18, 32, 16, 14],
      };
  }
}

export function procCells(r: ProcRow): Cell[] {
  return [
    r.name,
    { date: r.day },
    r.code,
    r.tooth || null,
    r.provider,
    r.description,
    { cents: r.fee },
    r.location,
    phoneOf(r.patient),
  ];
}

export function apptCells(r: ApptRow): Cell[] {
  return [
    r.name,
    r.day === null ? null : { date: r.day },
    r.code,
    r.provider,
    r.description,
    r.status || null,
    r.location || null,
    phoneOf(r.patient),
  ];
}

export function ignoreCells(r: IgnoreRow): Cell[] {
  return [r.name, r.year, r.notes || null];
}

export function leadCells(r: LeadRow): Cell[] {
  return [{ date: r.day }, r.first, r.last, r.phone, r.email, r.source || null, r.location];
}
