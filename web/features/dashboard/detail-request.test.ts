import { type DetailRequest, detailFromParams, detailParams } from './detail-request';

const scope = { location: 'Lakeside', year: 2025 };

const roundTrip = (request: DetailRequest) => {
  const params = new URLSearchParams(
    Object.entries(detailParams(request)).filter((entry): entry is [string, string] => entry[1] !== null),
  );
  return detailFromParams(params, scope);
};

describe('a detail list in the address', () => {
  it('comes back as the same list for every kind', () => {
    const requests: DetailRequest[] = [
      { ...scope, kind: 'consults', type: 'consults_won', provider: 'Dr. Lee' },
      { ...scope, kind: 'consults', type: 'pending_finance', provider: null },
      { ...scope, kind: 'arch_cases', month: '2025-03', provider: null },
      { ...scope, kind: 'arch_cases', month: '2025', provider: 'Dr. Lee' },
      { ...scope, kind: 'future_cases', month: 'TBD', provider: 'Dr. Lee' },
      { ...scope, kind: 'future_cases', month: 'all', provider: null },
      { ...scope, kind: 'pending_finance', provider: null },
    ];
    for (const request of requests) expect(roundTrip(request)).toEqual(request);
  });

  it('is none for a missing or malformed list', () => {
    expect(detailFromParams(new URLSearchParams(''), scope)).toBeNull();
    expect(detailFromParams(new URLSearchParams('details=everything'), scope)).toBeNull();
    expect(detailFromParams(new URLSearchParams('details=arch_cases&month=2025-13'), scope)).toBeNull();
  });
});
