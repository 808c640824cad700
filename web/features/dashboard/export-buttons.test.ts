import { pdfFailureMessage } from './export-buttons';

describe('the PDF failure message', () => {
  it('gives the reason when there is one, else the plain message', () => {
    expect(pdfFailureMessage(new Error('Out of memory'))).toBe('Failed to export PDF: Out of memory');
    expect(pdfFailureMessage('Network down')).toBe('Failed to export PDF: Network down');
    expect(pdfFailureMessage(new Error(''))).toBe('Failed to export PDF');
    expect(pdfFailureMessage({ code: 1 })).toBe('Failed to export PDF');
    expect(pdfFailureMessage(undefined)).toBe('Failed to export PDF');
  });
});
