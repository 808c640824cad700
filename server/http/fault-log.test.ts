import { DrizzleQueryError } from 'drizzle-orm/errors';
import { databaseError } from '../db/errors';
import { statementName, summarizeFault } from './fault-log';

describe('statementName', () => {
  it.each([
    ['INSERT INTO users (username, password_hash) VALUES ($1, $2)', 'INSERT INTO users'],
    ['SELECT id\n  FROM users WHERE lower(email) = $1', 'SELECT id FROM users'],
    ['UPDATE users SET password_hash = $1 WHERE id = $2', 'UPDATE users'],
    ['DELETE FROM login_failures WHERE id = $1', 'DELETE FROM login_failures'],
    ['SELECT extract(year FROM max(date))::int AS year FROM procedures', 'SELECT ... FROM procedures'],
  ])('%s', (sql, name) => expect(statementName(sql)).toBe(name));

  // Drizzle writes lowercase keywords and quoted names; a log names them as above.
  it.each([
    ['insert into "users" ("id", "username") values (default, $1) returning "id"', 'INSERT INTO users'],
    [
      'select "id", "username", "password_hash" from "users" where lower("users"."username") = $1',
      'SELECT ... FROM users',
    ],
    ['select "id" from "users" where "users"."id" = $1 for update', 'SELECT id FROM users'],
    ['update "users" set "last_login" = now() where "users"."id" = $1', 'UPDATE users'],
    ['delete from "login_failures" where "login_failures"."id" = $1', 'DELETE FROM login_failures'],
    ['select count(*) as count from "imports";', 'SELECT ... FROM imports'],
    [
      'select "reset_tokens"."id", "users"."username" from "reset_tokens" inner join "users" on "users"."id" = "reset_tokens"."user_id"',
      'SELECT ... FROM reset_tokens INNER JOIN users',
    ],
  ])('%s', (sql, name) => expect(statementName(sql)).toBe(name));
});

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
