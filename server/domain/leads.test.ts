import { attributeLeads, LeadAttribution, type LeadInput, leadSource, phoneDigits } from './leads';

const lead = (over: Partial<LeadInput>): LeadInput => ({
  patient_key: 'doe|jane',
  patient_name: 'Jane Doe',
  lead_date: '2026-03-01',
  source: 'Facebook',
  phone: null,
  ...over,
});

describe('leadSource', () => {
  it('trims and collapses whitespace', () => expect(leadSource('  Google   Ads ')).toBe('Google Ads'));
  it('reads empty and No lead as Unknown', () => {
    expect(leadSource('')).toBe('Unknown');
    expect(leadSource(null)).toBe('Unknown');
    expect(leadSource(' no  LEAD ')).toBe('Unknown');
  });
});

describe('phoneDigits', () => {
  it('keeps exactly ten digits', () => expect(phoneDigits('(555) 123-4567')).toBe('5551234567'));
  it('drops the leading 1 of eleven', () => expect(phoneDigits('+1 555 123 4567')).toBe('5551234567'));
  it('compares nothing else', () => {
    expect(phoneDigits('555-1234')).toBeNull();
    expect(phoneDigits('25551234567')).toBeNull();
    expect(phoneDigits('')).toBeNull();
    expect(phoneDigits(null)).toBeNull();
  });
});

describe('attributeLeads', () => {
  const patients = [
    { patient_key: 'doe|jane', phone: '555-000-1111' },
    { patient_key: 'roe|rick', phone: '(555) 222-3333' },
    { patient_key: 'kim|ann', phone: '555 444 5555' },
    { patient_key: 'kim|bo', phone: '5554445555' },
  ];
  it('matches by key first', () => {
    const a = attributeLeads([lead({ phone: '555-222-3333' })], patients);
    expect(a.personOf).toEqual(['doe|jane']);
    expect(a.people.get('doe|jane')).toMatchObject({ matched: true, phone: '555-000-1111' });
  });
  it("a matched patient's empty phone is none: their lead's phone stands", () => {
    const a = attributeLeads(
      [lead({ phone: null }), lead({ phone: '555-777-8888' }), lead({ phone: null })],
      [{ patient_key: 'doe|jane', phone: '' }],
    );
    expect(a.people.get('doe|jane')).toMatchObject({ matched: true, phone: '555-777-8888' });
  });
  it('else by the one patient with the same ten digits', () => {
    const a = attributeLeads([lead({ patient_key: 'roe|ricky', phone: '1-555-222-3333' })], patients);
    expect(a.personOf).toEqual(['roe|rick']);
  });
  it('a shared family line matches no one', () => {
    const a = attributeLeads(
      [lead({ patient_key: 'kim|c', patient_name: 'C Kim', phone: '5554445555' })],
      patients,
    );
    expect(a.personOf).toEqual(['kim|c']);
    expect(a.people.get('kim|c')).toMatchObject({ matched: false, name: 'C Kim', phone: '5554445555' });
  });
  it('first touch is the earliest lead by date, ties to the earlier lead, spelled as first seen', () => {
    const a = attributeLeads(
      [
        lead({ source: 'radio', lead_date: '2026-02-01' }),
        lead({ source: 'Google', lead_date: '2026-01-05' }),
        lead({ source: 'TV', lead_date: '2026-01-05' }),
        lead({ patient_key: 'x|y', source: 'GOOGLE', lead_date: '2025-01-01' }),
      ],
      [],
    );
    expect(a.people.get('doe|jane')).toMatchObject({ source: 'Google', first_lead_date: '2026-01-05' });
    expect(a.people.get('x|y')?.source).toBe('Google');
    expect(a.sourceNames.get('google')).toBe('Google');
  });
  it("an unmatched person's phone is their last lead's non-empty phone", () => {
    const a = attributeLeads(
      [
        lead({ patient_key: 'n|n', phone: '111' }),
        lead({ patient_key: 'n|n', phone: '222', lead_date: '2026-04-01' }),
        lead({ patient_key: 'n|n', phone: ' ' }),
      ],
      [],
    );
    expect(a.people.get('n|n')?.phone).toBe('222');
  });
  it("a matched patient without a phone takes the leads'", () => {
    const a = attributeLeads([lead({ phone: '999' })], [{ patient_key: 'doe|jane', phone: null }]);
    expect(a.people.get('doe|jane')?.phone).toBe('999');
  });
  it("a matched person goes by the patient's own name where given, else their first lead's", () => {
    const a = attributeLeads(
      [lead({ patient_name: 'Janie Doe' }), lead({ patient_key: 'x|y', patient_name: 'X Y' })],
      [{ patient_key: 'doe|jane', phone: null, patient_name: 'Jane Doe' }],
    );
    expect(a.people.get('doe|jane')?.name).toBe('Jane Doe');
    expect(a.people.get('x|y')?.name).toBe('X Y');
  });
});

describe('LeadAttribution.addOnce', () => {
  it('counts a lead with the key, date and source (any case) of an earlier one once', () => {
    const a = new LeadAttribution([]);
    const add = (over: Partial<LeadInput>) => {
      const l = lead(over);
      return a.addOnce(l, a.source(l.source))?.key ?? null;
    };
    expect(add({ lead_date: '2026-02-01', phone: '111' })).toBe('doe|jane');
    expect(add({ lead_date: '2026-02-01', source: 'FACEBOOK', phone: '222' })).toBeNull();
    expect(add({ lead_date: '2026-01-01', source: 'Radio' })).toBe('doe|jane');
    expect(add({ lead_date: '2026-02-01', source: 'Radio' })).toBe('doe|jane');
    expect(add({ lead_date: '2026-02-01', source: 'radio' })).toBeNull();
    const [person] = a.finish().people;
    // The repeat's phone did not count; the first touch is the earlier lead's.
    expect(person).toMatchObject({ phone: '111', source: 'Radio', first_lead_date: '2026-01-01' });
  });
});
