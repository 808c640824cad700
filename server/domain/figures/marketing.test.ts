import { UNASSIGNED } from '../../../common/api/dashboard';
import { NO_LEAD } from '../../../common/api/marketing';
import { sheetRow } from './fixture';
import { locationFilter } from './locations';
import { type MarketingInput, type MarketingLead, marketingReturn } from './marketing';

const WON_ONE = 'Consult, Presented Max, Accepted Max'; // Won, 1 arch, $14,995
const WON_TWO = 'Consult, Accepted Max, Accepted Mand, Temp Upper'; // Won, 2 arches, $29,990
const LOST = 'Consult, Presented Max, Presented Mand';
const months = (...values: number[]) => [...values, ...Array<number>(12 - values.length).fill(0)];

/*
 * 2026, counted through March (as of 2026-03-15). Offices Main and Lakeside.
 * - Ann: Google Ads lead 01-05, consult 01-20 (15 days), won, 1 arch on 02-10. Main.
 * - Ben: consult 02-01, his Facebook lead only on 02-10, after it: No lead. Lakeside.
 * - Cal: Google Ads lead 01-01 (at 'main ' by the file), consult 03-01 (59 days). Main.
 * - Dot: Facebook lead 02-01, consult 02-05 (4 days), won, 2 arches on 03-10. Lakeside.
 * - Eve: Google Ads lead 03-20, consult in April: outside the period. Main.
 * - Fay: no lead; consult 01-10, won, 1 arch on 01-20. No location.
 * - Gus: Facebook lead 01-07; consult 02-20, but ignored for 2026. Main.
 * - Hal: Google Ads lead and consult the same day, 03-03 (0 days). Main.
 * - Ivy: Facebook lead 2025-11-01, consult 2025-12-01 (30 days), won, 1 arch on 2026-01-15. Lakeside.
 * - Leads only: Ann again 02-15 spelled 'GOOGLE ads' at Lakeside; Zed (Facebook 03-05, nowhere);
 *   Kim (Referral 02-02, Lakeside); Yan (Facebook in April).
 */
const SHEET = [
  sheetRow('Ann', 'Dr A', WON_ONE, { consult_date: '2026-01-20', case_date: '2026-02-10', location: 'Main' }),
  sheetRow('Ben', 'Dr A', LOST, { consult_date: '2026-02-01', location: 'Lakeside' }),
  sheetRow('Cal', 'Dr A', 'Consult', { consult_date: '2026-03-01', location: 'Main' }),
  sheetRow('Dot', 'Dr B', WON_TWO, {
    consult_date: '2026-02-05',
    case_date: '2026-03-10',
    location: 'Lakeside',
  }),
  sheetRow('Eve', 'Dr B', 'Consult', { consult_date: '2026-04-02', location: 'Main' }),
  sheetRow('Fay', 'Dr B', WON_ONE, { consult_date: '2026-01-10', case_date: '2026-01-20' }),
  sheetRow('Gus', 'Dr B', 'Consult', { consult_date: '2026-02-20', location: 'Main' }),
  sheetRow('Hal', 'Dr A', 'Consult', { consult_date: '2026-03-03', location: 'Main' }),
  sheetRow('Ivy', 'Dr A', WON_ONE, {
    consult_date: '2025-12-01',
    case_date: '2026-01-15',
    location: 'Lakeside',
  }),
];

const lead = (person_key: string, lead_date: string, source: string, location: string | null = null) =>
  ({ person_key, lead_date, source, location }) satisfies MarketingLead;

const LEADS = [
  lead('ivy', '2025-11-01', 'Facebook'),
  lead('cal', '2026-01-01', 'Google Ads', 'main '),
  lead('ann', '2026-01-05', 'Google Ads'),
  lead('gus', '2026-01-07', 'Facebook'),
  lead('dot', '2026-02-01', 'Facebook'),
  lead('kim', '2026-02-02', 'Referral', 'Lakeside'),
  lead('ben', '2026-02-10', 'Facebook'),
  lead('ann', '2026-02-15', 'GOOGLE ads', 'Lakeside'),
  lead('hal', '2026-03-03', 'Google Ads'),
  lead('zed', '2026-03-05', 'Facebook'),
  lead('eve', '2026-03-20', 'Google Ads'),
  lead('yan', '2026-04-01', 'Facebook'),
];

const touch = (source: string, first_lead_date: string) => ({ source, first_lead_date });
const FIRST_TOUCH = new Map([
  ['ivy', touch('Facebook', '2025-11-01')],
  ['cal', touch('Google Ads', '2026-01-01')],
  ['ann', touch('Google Ads', '2026-01-05')],
  ['gus', touch('Facebook', '2026-01-07')],
  ['dot', touch('Facebook', '2026-02-01')],
  ['kim', touch('Referral', '2026-02-02')],
  ['ben', touch('Facebook', '2026-02-10')],
  ['hal', touch('Google Ads', '2026-03-03')],
  ['zed', touch('Facebook', '2026-03-05')],
  ['eve', touch('Google Ads', '2026-03-20')],
  ['yan', touch('Facebook', '2026-04-01')],
]);

const SPEND = [
  // Spelled otherwise than the leads: the same source, named as the leads first spelled it.
  { year: 2026, source: 'GOOGLE ADS', months: months(1000, 500, 500.5, 9999) },
  { year: 2026, source: 'Facebook', months: months(300, 300, 300, 300) },
  // Spend and nothing else: a row of its own.
  { year: 2026, source: 'Radio', months: months(0, 250) },
  // Nothing spent in the period: no row.
  { year: 2026, source: 'Mailer', months: months(0, 0, 0, 400) },
  { year: 2025, source: 'Facebook', months: Array<number>(12).fill(999) },
];

const INPUT: MarketingInput = {
  sheet: SHEET,
  ignore: [{ patient_key: 'gus', year_code: '2026' }],
  leads: LEADS,
  firstTouch: FIRST_TOUCH,
  spend: SPEND,
};

const none = {
  spend: 0,
  leads: 0,
  consults: 0,
  won: 0,
  arches: 0,
  arch_value: 0,
  cost_per_lead: null,
  cost_per_consult: null,
  cost_per_arch: null,
  value_per_dollar: null,
  median_days_to_consult: null,
};
/** Every cost null, as with a location chosen or for `No lead`. */
const noSpend = {
  spend: null,
  cost_per_lead: null,
  cost_per_consult: null,
  cost_per_arch: null,
  value_per_dollar: null,
};

describe('marketingReturn', () => {
  it('counts each source through the month of as_of, with costs, value per dollar and the median', () => {
    const result = marketingReturn(INPUT, { year: 2026, asOf: '2026-03-15', location: null });
    expect(result.through).toBe('2026-03');
    expect(result.spend_included).toBe(true);
    expect(result.sources).toEqual([
      {
        source: 'Facebook',
        ...none,
        spend: 900,
        // Gus, Dot, Ben and Zed: Ben's lead counts though his consult went to No lead.
        leads: 4,
        // Dot; Gus is ignored for 2026.
        consults: 1,
        won: 1,
        // Dot's two and Ivy's one (her 2025 consult is not of 2026; her case is).
        arches: 3,
        arch_value: 44985,
        cost_per_lead: 225,
        cost_per_consult: 900,
        cost_per_arch: 300,
        // 44,985 / 900 = 49.983...
        value_per_dollar: 49.98,
        median_days_to_consult: 4,
      },
      {
        source: 'Google Ads',
        // 1,000 + 500 + 500.50; April's is after the period.
        spend: 2000.5,
        // Cal, Ann twice, Hal, Eve.
        leads: 5,
        consults: 3,
        won: 1,
        arches: 1,
        arch_value: 14995,
        cost_per_lead: 400.1,
        // 2,000.50 / 3 = 666.833...
        cost_per_consult: 666.83,
        cost_per_arch: 2000.5,
        // 14,995 / 2,000.50 = 7.4956...
        value_per_dollar: 7.5,
        // 0, 15 and 59 days.
        median_days_to_consult: 15,
      },
      // Spend alone: no divisor, and nothing brought for the money.
      { source: 'Radio', ...none, spend: 250, value_per_dollar: 0 },
      // A lead and no spend: a cost of 0 per lead; nothing to divide by otherwise.
      { source: 'Referral', ...none, leads: 1, cost_per_lead: 0 },
      // Ben (his lead came after) and Fay (none).
      {
        source: NO_LEAD,
        ...none,
        ...noSpend,
        consults: 2,
        won: 1,
        arches: 1,
        arch_value: 14995,
      },
    ]);
    expect(result.totals).toEqual({
      spend: 3150.5,
      leads: 10,
      consults: 6,
      won: 3,
      arches: 5,
      arch_value: 74975,
      // 3,150.50 over 10, 6 and 5.
      cost_per_lead: 315.05,
      cost_per_consult: 525.08,
      cost_per_arch: 630.1,
      // 74,975 / 3,150.50 = 23.797...
      value_per_dollar: 23.8,
      // Every source's consults: 0, 4, 15 and 59 days; the middle two's mean.
      median_days_to_consult: 9.5,
    });
  });

  it('narrows to a location: leads at their own office else their patient’s, consults and cases at theirs, no spend', () => {
    const result = marketingReturn(INPUT, {
      year: 2026,
      asOf: '2026-03-15',
      location: locationFilter('MAIN'),
    });
    expect(result.spend_included).toBe(false);
    expect(result.sources).toEqual([
      // Gus's lead, at his patient's office; his consult is ignored.
      { source: 'Facebook', ...none, ...noSpend, leads: 1 },
      // Cal's (his file says 'main '), Ann's first (her second is at Lakeside), Hal's and Eve's.
      {
        source: 'Google Ads',
        ...none,
        ...noSpend,
        leads: 4,
        consults: 3,
        won: 1,
        arches: 1,
        arch_value: 14995,
        median_days_to_consult: 15,
      },
    ]);
    expect(result.totals).toEqual({
      ...none,
      ...noSpend,
      leads: 5,
      consults: 3,
      won: 1,
      arches: 1,
      arch_value: 14995,
      median_days_to_consult: 15,
    });
  });

  it('puts leads with no office of their own or their patient’s, and rows with none, under Unassigned', () => {
    const result = marketingReturn(INPUT, { year: 2026, asOf: '2026-03-15', location: UNASSIGNED });
    expect(result.sources).toEqual([
      { source: 'Facebook', ...none, ...noSpend, leads: 1 },
      { source: NO_LEAD, ...none, ...noSpend, consults: 1, won: 1, arches: 1, arch_value: 14995 },
    ]);
  });

  it('counts a past year whole, with its own spend', () => {
    const result = marketingReturn(INPUT, { year: 2025, asOf: '2026-03-15', location: null });
    expect(result.through).toBe('2025-12');
    expect(result.sources).toEqual([
      {
        source: 'Facebook',
        ...none,
        spend: 11988,
        leads: 1,
        consults: 1,
        won: 1,
        cost_per_lead: 11988,
        cost_per_consult: 11988,
        value_per_dollar: 0,
        median_days_to_consult: 30,
      },
    ]);
  });

  it('counts nothing of a year to come', () => {
    const result = marketingReturn(INPUT, { year: 2027, asOf: '2026-03-15', location: null });
    expect(result).toEqual({ year: 2027, through: null, spend_included: true, sources: [], totals: none });
  });

  it('counts only January on January 1st, and a consult on its first lead’s day for that source', () => {
    const result = marketingReturn(INPUT, { year: 2026, asOf: '2026-01-01', location: null });
    expect(result.through).toBe('2026-01');
    expect(result.sources.map((r) => [r.source, r.spend, r.leads, r.consults, r.arches])).toEqual([
      ['Facebook', 300, 1, 0, 1],
      ['Google Ads', 1000, 2, 1, 0],
      [NO_LEAD, null, 0, 1, 1],
    ]);
  });

  it('rounds costs to the cent half away from zero, from exact cents', () => {
    const tiny: MarketingInput = {
      sheet: [],
      ignore: [],
      leads: [lead('a', '2026-01-02', 'Tiny'), lead('b', '2026-01-03', 'Tiny')],
      firstTouch: new Map(),
      spend: [{ year: 2026, source: 'tiny', months: months(100.01) }],
    };
    // 100.01 / 2 = 50.005: up to 50.01, where a float would give 50.00.
    const [row] = marketingReturn(tiny, { year: 2026, asOf: '2026-06-01', location: null }).sources;
    expect(row).toMatchObject({ source: 'Tiny', spend: 100.01, leads: 2, cost_per_lead: 50.01 });
  });

  it('names a source with spend only as the spend spells it, sorted among the rest without regard to case', () => {
    const input: MarketingInput = {
      sheet: [],
      ignore: [],
      leads: [lead('a', '2026-01-02', 'billboard')],
      firstTouch: new Map(),
      spend: [
        { year: 2026, source: 'Zeta Radio', months: months(1) },
        { year: 2026, source: 'aardvark mail', months: months(1) },
      ],
    };
    const result = marketingReturn(input, { year: 2026, asOf: '2026-06-01', location: null });
    expect(result.sources.map((r) => r.source)).toEqual(['aardvark mail', 'billboard', 'Zeta Radio']);
  });
});
