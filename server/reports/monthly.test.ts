import { dashboardLink, monthlyMail } from './monthly';

describe('the monthly report e-mail', () => {
  it("links to the report's figures on the Dashboard: its year, and a provider's own", () => {
    expect(dashboardLink('https://tracker.example.com', 2025, null)).toBe(
      'https://tracker.example.com/dashboard?year=2025',
    );
    expect(dashboardLink('https://tracker.example.com', 2026, 'Dr. Lee & Kim')).toBe(
      'https://tracker.example.com/dashboard?year=2026&provider=Dr.+Lee+%26+Kim',
    );
  });

  it('says how far the data goes and carries the link after the figures, each with its comparison', () => {
    const mail = monthlyMail(
      'zed@example.com',
      '2025-12',
      '2025-12-31',
      {
        pdf: Buffer.from('%PDF-'),
        figures: [{ label: 'Consults YTD', value: '37', comparison: 'Jan 1-Dec 15, 2024: 30 (+7)' }],
        dataThrough: '2025-12-15',
        syncWarning: null,
      },
      'All Providers',
      'https://tracker.example.com/dashboard?year=2025',
    );
    expect(mail.subject).toBe('Full Arch Tracker: report for December 2025');
    expect(mail.text.split('\n')).toEqual([
      'The Full Arch Tracker report for December 2025 (All Providers), as of 12/31/2025, is attached.',
      'Data through 12/15/2025.',
      '',
      'Consults YTD: 37 (Jan 1-Dec 15, 2024: 30 (+7))',
      '',
      'Open the Dashboard: https://tracker.example.com/dashboard?year=2025',
      '',
      'You get this e-mail because the monthly report is on in your account menu (E-mail reports).',
    ]);
  });

  it('says a failed or overdue sync in one line after how far the data goes', () => {
    const warning =
      'Figures as of the sync of 12/30/2025, 5:00 AM; the last sync failed: Access denied for user od';
    const mail = monthlyMail(
      'zed@example.com',
      '2025-12',
      '2025-12-31',
      { pdf: Buffer.from('%PDF-'), figures: [], dataThrough: '2025-12-29', syncWarning: warning },
      'All Providers',
      'https://tracker.example.com/dashboard?year=2025',
    );
    expect(mail.text.split('\n').slice(1, 3)).toEqual(['Data through 12/29/2025.', `${warning}.`]);
  });
});
