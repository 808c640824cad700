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

  it('carries the link after the figures', () => {
    const mail = monthlyMail(
      'zed@example.com',
      '2025-12',
      '2025-12-31',
      { pdf: Buffer.from('%PDF-'), figures: [{ label: 'Consults YTD', value: '37' }] },
      'All Providers',
      'https://tracker.example.com/dashboard?year=2025',
    );
    expect(mail.subject).toBe('Full Arch Tracker: report for December 2025');
    expect(mail.text.split('\n')).toEqual([
      'The Full Arch Tracker report for December 2025 (All Providers), as of 12/31/2025, is attached.',
      '',
      'Consults YTD: 37',
      '',
      'Open the Dashboard: https://tracker.example.com/dashboard?year=2025',
      '',
      'You get this e-mail because the monthly report is on in your account menu (E-mail reports).',
    ]);
  });
});
