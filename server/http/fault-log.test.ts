import { DrizzleQueryError } from 'drizzle-orm/errors';
import { databaseError } from '../db/errors';
import { summarizeFault } from './fault-log';

const pgError = () =>
  Object.assign(new Error('duplicate key value violates unique constraint: (lower(email))=(secret@x)'), {
    severity: 'ERROR',
    code: '23505',
    detail: 'Key (lower(email))=(secret@x) already exists.',
    table: 'users',
    constraint: 'users_email_lower',
    routine: '_bt_check_unique',
  });

describe('summarizeFault', () => {
  it('keeps a database error to its code and place', () => {
    const err = Object.assign(new Error('invalid input syntax for type integer: "secret"'), {
      severity: 'ERROR',
      code: '22P02',
      detail: 'Key (name)=(secret) already exists',
      where: "unnamed portal parameter $1 = 'secret'",
      query: 'INSERT INTO t VALUES ($1)',
      params: ['secret'],
      table: 't',
    });
    const summary = summarizeFault(err);
    expect(summary).toEqual({
      type: 'DatabaseError',
      code: '22P02',
      statement: 'INSERT INTO t',
      table: 't',
      constraint: undefined,
      routine: undefined,
    });
    expect(JSON.stringify(summary)).not.toMatch(/secret/);
  });

  it("summarizes the database error inside Drizzle's, never Drizzle's message with the parameters", () => {
    const err = new DrizzleQueryError(
      'insert into "users" ("id", "email", "password_hash") values (default, $1, $2)',
      ['secret@x', 'scrypt$secret'],
      pgError(),
    );
    expect(err.message).toMatch(/secret/);
    const summary = summarizeFault(err);
    expect(summary).toEqual({
      type: 'DatabaseError',
      code: '23505',
      statement: 'INSERT INTO users',
      table: 'users',
      constraint: 'users_email_lower',
      routine: '_bt_check_unique',
    });
    expect(JSON.stringify(summary)).not.toMatch(/secret/);
  });

  it('prefers the name the client gave the failing statement', () => {
    const cause = Object.assign(pgError(), { statement: 'INSERT INTO users' });
    const err = new DrizzleQueryError('insert into "users" ("email") values ($1)', ['secret@x'], cause);
    expect(summarizeFault(err).statement).toBe('INSERT INTO users');
  });

  it("keeps only the cause of Drizzle's error when the database did not answer", () => {
    const cause = new Error('The embedded database has been closed');
    const err = new DrizzleQueryError('update "users" set "password_hash" = $1', ['scrypt$secret'], cause);
    const summary = summarizeFault(err);
    expect(summary).toMatchObject({
      type: 'Error',
      message: 'The embedded database has been closed',
      statement: 'UPDATE users',
    });
    expect(JSON.stringify(summary)).not.toMatch(/secret/);
  });

  it('keeps the message and stack of an error from code', () => {
    const summary = summarizeFault(new TypeError('x is undefined'));
    expect(summary).toMatchObject({ type: 'TypeError', message: 'x is undefined' });
    expect(summary.stack).toMatch(/fault-log.test/);
  });
});

describe('databaseError', () => {
  it("finds the database's error as thrown, or as the cause of Drizzle's", () => {
    const cause = pgError();
    expect(databaseError(cause)).toBe(cause);
    expect(databaseError(new DrizzleQueryError('select 1', [], cause))).toBe(cause);
    expect(databaseError(new Error('not from the database'))).toBeUndefined();
    expect(databaseError(null)).toBeUndefined();
  });
});
