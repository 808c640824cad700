import { APPTS, SHEET } from './fixture';
import { providerList, yearOptions } from './lists';

describe('providerList', () => {
  it('lists scoresheet and Future Scheduled providers once, case-insensitively sorted', () => {
    // Dr Zed only has a No-Show appointment: still a provider of the data.
    expect(providerList(SHEET, APPTS)).toEqual(['Dr Adams', 'dr baker', 'Dr Chen', 'Dr Zed']);
    expect(providerList([], [])).toEqual([]);
  });
});

describe('yearOptions', () => {
  it('runs from 2024 to the later of this year and the data', () => {
    // The data reaches 2026 (Gus's consult, Lee's case, Zoe's and Fay's appointments).
    expect(yearOptions(SHEET, APPTS, 2025)).toEqual([2024, 2025, 2026]);
    expect(yearOptions(SHEET, APPTS, 2027)).toEqual([2024, 2025, 2026, 2027]);
    expect(yearOptions([], [], 2025)).toEqual([2024, 2025]);
    // A routine visit or an Ignore List year later than every figure's date still counts.
    expect(yearOptions(SHEET, APPTS, 2025, [2027, 2024])).toEqual([2024, 2025, 2026, 2027]);
  });
});
