import { statementName, summarizeFault } from './fault-log';

describe('statementName', () => {
  it.each([
    ['INSERT INTO users (username, password_hash) VALUES ($1, $2)', 'INSERT INTO users'],
    ['SELECT id\n  FROM users WHERE lower(email) = $1', 'SELECT id FROM users'],
    ['UPDATE users SET password_hash = $1 WHERE id = $2', 'UPDATE users'],
    ['DELETE FROM login_failures WHERE id = $1', 'DELETE FROM login_failures'],
  ])('%s', (sql, name) => expect(statementName(sql)).toBe(name));
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

  it('keeps the message and stack of an error from code', () => {
    const summary = summarizeFault(new TypeError('x is undefined'));
    expect(summary).toMatchObject({ type: 'TypeError', message: 'x is undefined' });
    expect(summary.stack).toMatch(/fault-log.test/);
  });
});
