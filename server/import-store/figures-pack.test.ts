import { type Lead, LeadAttribution, type LeadFigures, type LeadInput } from '../domain/leads';
import {
  buffersOfLeads,
  buffersOfPeople,
  FIGURES_BATCH,
  type FigureLeads,
  type FigurePeople,
  FiguresPacker,
  FiguresUnpacker,
} from './figures-pack';

/** A batch as it arrives on the other thread: copied, its numbers moved. */
const crossed = <T>(batch: T, buffers: ArrayBuffer[]): T => structuredClone(batch, { transfer: buffers });

/** Leads over more than two batches, many people with several, some matched to patients by phone. */
function practice(count: number): {
  leads: (LeadInput & { location: string | null })[];
  patients: LeadInput[];
} {
  const patients = Array.from({ length: 500 }, (_, i) => ({
    patient_key: `patient ${i}`,
    patient_name: `Patient ${i}`,
    lead_date: '',
    source: '',
    phone: `(555) 100-${String(i).padStart(4, '0')}`,
  }));
  const sources = ['Radio', 'radio', 'Google', 'Mailer', 'Referral'];
  const leads = Array.from({ length: count }, (_, at) => {
    // Every fiftieth lead is the one before again, its source in capitals.
    const i = at % 50 === 49 ? at - 1 : at;
    const person = (i * 7919) % Math.floor(count / 1.5);
    const day = 1 + ((i * 31) % 900);
    return {
      patient_key: person % 10 === 0 ? `patient ${person % 500}` : `lead ${person}`,
      patient_name: `Lead ${person}`,
      lead_date: new Date(Date.UTC(2024, 0, day)).toISOString().slice(0, 10),
      source: i === at ? sources[i % sources.length] : sources[i % sources.length].toUpperCase(),
      phone: person % 13 === 0 ? `555-100-${String(person % 500).padStart(4, '0')}` : null,
      location: i % 4 === 0 ? null : `Office ${i % 3}`,
    };
  });
  return { leads, patients };
}

describe('FiguresPacker and FiguresUnpacker', () => {
  it('hand over the leads and people as the figures read them, batch by batch', () => {
    const { leads, patients } = practice(Math.floor(FIGURES_BATCH * 2.5));
    const attribution = new LeadAttribution(patients);
    const packer = new FiguresPacker();
    const expected: Lead[] = [];
    const leadBatches: FigureLeads[] = [];
    for (const lead of leads) {
      const source = attribution.source(lead.source);
      const person = attribution.addOnce(lead, source);
      if (person === null) continue;
      packer.add(person.order, person.key, lead.lead_date, source.spelling, lead.location);
      expected.push({
        person_key: person.key,
        lead_date: lead.lead_date,
        source: source.spelling,
        location: lead.location,
      });
      const batch = packer.takeLeads();
      if (batch) leadBatches.push(crossed(batch, buffersOfLeads(batch)));
    }
    const last = packer.takeLeads(true);
    if (last) leadBatches.push(crossed(last, buffersOfLeads(last)));
    const { people } = attribution.finish();
    const peopleBatches: FigurePeople[] = [];
    for (const batch of packer.takePeople(people, (p) => `${p.name}!`))
      peopleBatches.push(crossed(batch, buffersOfPeople(batch)));

    expect(leadBatches.length).toBe(3);
    const unpacker = new FiguresUnpacker();
    for (const batch of leadBatches) unpacker.leads(batch);
    for (const batch of peopleBatches) unpacker.people(batch);
    const want: LeadFigures = { leads: expected, firstTouch: new Map(), phones: new Map() };
    for (const p of people) {
      want.firstTouch.set(p.key, {
        source: p.source,
        first_lead_date: p.first_lead_date,
        patient_name: `${p.name}!`,
      });
      if (p.phone !== null) want.phones.set(p.key, p.phone);
    }
    expect(unpacker.figures).toEqual(want);
    // The repeats of the test data were not counted, and every person came.
    expect(expected.length).toBeLessThan(leads.length);
    expect(unpacker.figures.firstTouch.size).toBe(people.length);
  });

  it('hands on nothing until a batch is full, and everything left when asked', () => {
    const packer = new FiguresPacker();
    expect(packer.takeLeads(true)).toBeNull();
    packer.add(0, 'ann', '2026-01-02', 'Radio', null);
    expect(packer.takeLeads()).toBeNull();
    expect(packer.takeLeads(true)).toMatchObject({
      people: ['ann'],
      dates: ['2026-01-02'],
      locations: [null],
    });
  });

  it('refuses to pack the people while leads are still to be taken', () => {
    const packer = new FiguresPacker();
    packer.add(0, 'ann', '2026-01-02', 'Radio', null);
    expect(() => [...packer.takePeople([], (p) => p.name)]).toThrow(/every lead is taken/);
  });
});
