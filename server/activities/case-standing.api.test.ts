import { addDays } from '../domain/dates';
import { today } from '../platform/clock';
import { caller } from '../test/case-work';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../test/harness';
import { upload } from '../test/upload';

// A patient's case answers their phone and where they stand on today's worklist (docs/behaviour.md
// section 15), by the worklist's own reading. The case is read as of the server's today, so the
// practice's dates are counted back from it.

const TODAY = today();
const ago = (days: number) => {
  const [y, m, d] = addDays(TODAY, -days).split('-');
  return `${Number(m)}/${Number(d)}/${y}`;
};
const inDays = (days: number) => ago(-days);
// Lost consults: Lou 34 days ago, Mia 5 (under the 14-day threshold), Ned 34 with an appointment
// booked; Pat's consult was never presented, so Pat is in no stage.
const REPORT = `Patient,Date,Proc Code,Provider,Location,Phone
Lou Lake,${ago(40)},D0150,Dr Adams,Main Street,555-0303
Lou Lake,${ago(34)},FA-PRES-MAX,Dr Adams,Main Street,
Mia Moss,${ago(6)},D0150,Dr Adams,Main Street,
Mia Moss,${ago(5)},FA-PRES-MAX,Dr Adams,Main Street,
Ned Noon,${ago(40)},D0150,Dr Adams,Main Street,
Ned Noon,${ago(34)},FA-PRES-MAX,Dr Adams,Main Street,
Pat Pine,${ago(3)},D0150,Dr Adams,Main Street,
`;
const FUTURE = `Patient,Appt Date,Code,Provider,Status
Ned Noon,${inDays(10)},D0150,Dr Adams,Scheduled
Lou Lake,${inDays(10)},D0150,Dr Adams,Cancelled
`;

let t: TestContext;
let admin: string;
let call: ReturnType<typeof caller>;
const standing = async (name: string) => {
  const res = await call(admin, 'GET', `/api/patient/activity?name=${encodeURIComponent(name)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const write = async (body: object) => {
  const res = await call(admin, 'POST', '/api/patient/activity', body);
  expect(res.statusCode, res.body).toBe(201);
};

beforeAll(async () => {
  t = await createTestContext();
  call = caller(t);
  admin = await t.login('admin', ADMIN_PASSWORD);
  expect((await upload(t, admin, 'raw-data', 'report.csv', REPORT)).statusCode).toBe(200);
  expect((await upload(t, admin, 'future-scheduled', 'future.csv', FUTURE)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET /api/patient/activity: phone and worklist standing', () => {
  it('says a due Lost consult is listed, with the wait the worklist shows, and gives the phone', async () => {
    const body = await standing('lou lake');
    expect(body.phone).toBe('555-0303');
    expect(body.worklist).toEqual({
      stage: 'undecided',
      since: addDays(TODAY, -34),
      days_waiting: 34,
      listing: 'listed',
      listed_on: null,
    });
    const list = await call(admin, 'GET', '/api/worklist?stage=undecided');
    expect(list.json().patients).toEqual([
      expect.objectContaining({ patient_name: 'Lou Lake', since: addDays(TODAY, -34), days_waiting: 34 }),
    ]);
  });

  it('says when a case under its threshold comes onto the list, and that a booked one is off it', async () => {
    expect((await standing('Mia Moss')).worklist).toMatchObject({
      listing: 'waiting',
      days_waiting: 5,
      listed_on: addDays(TODAY, 9),
    });
    expect((await standing('Ned Noon')).worklist).toMatchObject({ listing: 'booked', listed_on: null });
    const booked = await call(admin, 'GET', '/api/worklist?stage=undecided&include_scheduled=true');
    expect(booked.json().patients.map((p: { patient_name: string }) => p.patient_name)).toEqual([
      'Lou Lake',
      'Ned Noon',
    ]);
  });

  it('follows the case work: snoozed by a later follow-up, then closed', async () => {
    const week = addDays(TODAY, 7);
    await write({ patient_name: 'Lou Lake', kind: 'call', outcome: 'no_answer', next_follow_up: week });
    expect((await standing('Lou Lake')).worklist).toMatchObject({ listing: 'snoozed', listed_on: week });
    await write({ patient_name: 'Lou Lake', kind: 'close', reason: 'cost' });
    expect((await standing('Lou Lake')).worklist).toMatchObject({ listing: 'closed', listed_on: null });
  });

  it('is null for a patient in no stage, whose phone is null when the files gave none', async () => {
    const body = await standing('Pat Pine');
    expect(body.worklist).toBeNull();
    expect(body.phone).toBeNull();
  });
});
