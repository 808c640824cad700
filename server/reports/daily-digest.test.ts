import { digestMail } from './daily-digest';

describe('the daily digest e-mail', () => {
  const counts = { total: 3, mine: 1, unassigned: 2 };

  it('says how far the data goes under the count', () => {
    const mail = digestMail('zed@example.com', counts, 'https://tracker.example.com', '2026-11-01');
    expect(mail.text.split('\n').slice(0, 3)).toEqual([
      '3 follow-ups due today.',
      'Data through 11/01/2026.',
      '',
    ]);
  });

  it('says a failed or overdue sync in one line, as the Follow-ups tab does', () => {
    const warning =
      'Figures as of the sync of 11/27/2026, 5:00 AM; no sync since, though one is scheduled every hour, on the hour';
    const mail = digestMail('zed@example.com', counts, 'https://tracker.example.com', '2026-11-27', warning);
    expect(mail.text.split('\n').slice(1, 3)).toEqual(['Data through 11/27/2026.', `${warning}.`]);
  });
});
