import { statementName } from './statement-name';

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
