import { buildMappingValues } from './mapping-values';

describe('buildMappingValues', () => {
  const rows = buildMappingValues();
  const byStatus = new Map(rows.map((r) => [r.procedure_status, r]));

  it('has one row per non-empty combination, ordered by score', () => {
    expect(rows).toHaveLength(2047);
    expect(byStatus.size).toBe(2047);
    expect(rows[0].procedure_status).toBe('Consult'); // score 1
    expect(rows[1].procedure_status).toBe('Presented Max'); // score 2
    expect(rows[2046].procedure_status).toBe(
      'Consult, Presented Max, Presented Mand, Accepted Max, Accepted Mand, Temp Upper, Temp Lower, ' +
        'Perm Upper, Perm Lower, PF Mand, PF Max',
    );
  });

  it('splits outcomes as the rule implies', () => {
    const count = (w: string) => rows.filter((r) => r.win_loss === w).length;
    // Won: any of the 6 arch-winning bits: 2^11 - 2^5. PF: none of those, a PF bit among the
    // remaining 5 bits: 2^5 - 2^3. Lost: a presented bit among consult + 2 presented: 2^3 - 2^1.
    expect(count('Won')).toBe(2016);
    expect(count('PF')).toBe(24);
    expect(count('Lost')).toBe(6);
    expect(count('N/A')).toBe(1);
    // Arches: upper won in 7/8 of 2048 combinations (1792), lower likewise (1792); PF arches 16 + 16;
    // presented arches with no PF 4 + 4: 3624 arches x 14,995.
    expect(rows.reduce((s, r) => s + r.case_value, 0)).toBe(54_341_880);
    for (const r of rows) expect(r.case_value).toBe(r.no_of_arches * 14995);
  });

  it.each([
    ['Consult', 'N/A', 0],
    ['Consult, Presented Max', 'Lost', 1],
    ['Consult, Presented Max, Presented Mand', 'Lost', 2],
    ['Presented Mand', 'Lost', 1],
    ['PF Mand', 'PF', 1],
    ['Presented Max, PF Mand, PF Max', 'PF', 2],
    ['Accepted Max, PF Mand', 'Won', 1],
    ['Accepted Max, Temp Upper, Perm Upper', 'Won', 1],
    ['Temp Lower', 'Won', 1],
    ['Consult, Presented Max, Presented Mand, Accepted Max, Perm Lower', 'Won', 2],
  ])('%s => %s, %i arch(es)', (status, winLoss, arches) => {
    expect(byStatus.get(status)).toEqual({
      procedure_status: status,
      win_loss: winLoss,
      no_of_arches: arches,
      case_value: arches * 14995,
    });
  });
});
