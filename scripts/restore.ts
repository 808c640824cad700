/**
 * Restores a backup, or checks one with --check (docs/behaviour.md section 21). Stop the server
 * first: `npm run restore -- FILE [--check] [--force]`.
 */
import { runRestore } from '../server/backups';
import { EnvError, loadEnv, withEnvFile } from '../server/platform/env';

try {
  const env = loadEnv(withEnvFile(process.env));
  process.exitCode = await runRestore(process.argv.slice(2), env, (line) => console.log(line));
} catch (err) {
  console.error(err instanceof EnvError ? err.message : err);
  process.exitCode = 1;
}
