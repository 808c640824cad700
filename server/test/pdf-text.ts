import { execFileSync } from 'node:child_process';

/** The text a PDF shows, as poppler's pdftotext reads it, pages apart by form feeds. */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-q', '-', '-'], { input: pdf, encoding: 'utf8' });
}

/** Its text without the line saying when it was made, which two builds of one report differ in. */
export const pdfTextUnstamped = (pdf: Buffer) =>
  pdfText(pdf)
    .split('\n')
    .filter((line) => !line.startsWith('Generated: '))
    // The stamp also ends the Data through line: two reports a minute apart differ only there.
    .map((line) => line.replace(/\| Generated: .*$/, '| Generated'))
    .join('\n');

/** How many pages it has: jsPDF writes its objects uncompressed. */
export const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
