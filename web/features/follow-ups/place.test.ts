import { nameButtonOf, readPlace, rowOf } from './place';

describe("the list's kept place", () => {
  it('reads what was kept, and nothing from a missing or damaged entry', () => {
    expect(readPlace()).toBeNull();
    sessionStorage.setItem('view:follow-ups:place', JSON.stringify({ name: 'Ann Archer', top: 212.5 }));
    expect(readPlace()).toEqual({ name: 'Ann Archer', top: 212.5 });
    sessionStorage.setItem('view:follow-ups:place', '{not json');
    expect(readPlace()).toBeNull();
    sessionStorage.setItem('view:follow-ups:place', JSON.stringify({ name: 'Ann Archer' }));
    expect(readPlace()).toBeNull();
  });

  it("finds a patient's row and name button by the exact name, quotes and all", () => {
    const list = document.createElement('div');
    list.innerHTML = `<div data-patient="Ann O'Hara &quot;Jr&quot;"><button>Ann</button></div>
      <div data-patient="Ann"><button>Ann</button></div>`;
    expect(rowOf(list, 'Ann O\'Hara "Jr"')?.dataset.patient).toBe('Ann O\'Hara "Jr"');
    expect(nameButtonOf(list, 'Ann')?.textContent).toBe('Ann');
    expect(rowOf(list, 'An')).toBeNull();
    expect(nameButtonOf(null, 'Ann')).toBeNull();
  });
});
