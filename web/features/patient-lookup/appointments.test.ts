import { type Appointment, splitAppointments } from './appointments';

const appt = (appt_date: string | null, procedure = 'Consult'): Appointment => ({
  appt_date,
  procedure,
  code: 'D0150',
  provider: 'Dr. Sarah Chen',
  scheduled_status: 'Scheduled',
  case_value: null,
});

describe('splitAppointments', () => {
  // As the server sends them: soonest first, undated last.
  const all = [
    appt('2026-10-01', 'a'),
    appt('2026-11-23', 'b'),
    appt('2026-11-24', 'c'),
    appt('2027-01-02', 'd'),
    appt(null, 'e'),
  ];

  it('puts what is dated before today in the past, most recent first', () => {
    const { upcoming, past } = splitAppointments(all, '2026-11-24');
    expect(past.map((a) => a.procedure)).toEqual(['b', 'a']);
    // Today's is still to come, and an undated one is always to come.
    expect(upcoming.map((a) => a.procedure)).toEqual(['c', 'd', 'e']);
  });

  it('has nothing past before the first date, and everything dated past after the last', () => {
    expect(splitAppointments(all, '2026-01-01').past).toEqual([]);
    const later = splitAppointments(all, '2027-06-01');
    expect(later.upcoming.map((a) => a.procedure)).toEqual(['e']);
    expect(later.past.map((a) => a.procedure)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('leaves its input alone', () => {
    const copy = [...all];
    splitAppointments(all, '2026-11-24');
    expect(all).toEqual(copy);
  });
});
