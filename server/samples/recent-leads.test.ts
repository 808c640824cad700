import { shiftRecentLeads } from './recent-leads';

const file = (...rows: string[]) => ['\uFEFFLead Date,First Name,Last Name', ...rows, ''].join('\r\n');

describe('shiftRecentLeads', () => {
  const text = file('10/20/2026,Ann,Lee', '10/24/2026,Bo,Ray', '10/25/2026,Cy,Poe', '11/1/2026,Di,Fox');

  it('moves the leads after the last consult forward together, the newest to yesterday', () => {
    expect(shiftRecentLeads(text, '2026-10-23', '2026-11-26')).toBe(
      file('10/20/2026,Ann,Lee', '11/18/2026,Bo,Ray', '11/19/2026,Cy,Poe', '11/26/2026,Di,Fox'),
    );
  });

  it('crosses a year end', () => {
    expect(shiftRecentLeads(text, '2026-10-23', '2027-01-03')).toBe(
      file('10/20/2026,Ann,Lee', '12/26/2026,Bo,Ray', '12/27/2026,Cy,Poe', '1/3/2027,Di,Fox'),
    );
  });

  it('leaves the file as it is when the newest lead is yesterday or later, or none is after the consult', () => {
    expect(shiftRecentLeads(text, '2026-10-23', '2026-11-01')).toBe(text);
    expect(shiftRecentLeads(text, '2026-10-23', '2026-10-30')).toBe(text);
    expect(shiftRecentLeads(text, '2026-11-01', '2026-11-26')).toBe(text);
  });
});
