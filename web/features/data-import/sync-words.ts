/**
 * What a practice manager should check when Open Dental cannot be read, from the server's reason
 * (docs/behaviour.md section 18). The reason itself is always shown too; this adds the next step.
 */

interface Where {
  host?: string | null;
  port?: number | null;
}

const at = ({ host, port }: Where) =>
  host ? `${host}${port ? ` (port ${port})` : ''}` : 'the Open Dental server';

export function whatToCheck(reason: string, where: Where = {}): string | null {
  // The server's reason may say what to check itself.
  if (/[:.] (check|try again)/i.test(reason)) return null;
  const r = reason.toLowerCase();
  if (r.includes('can no longer be read'))
    return 'An admin enters the Open Dental password again on this card and saves it.';
  if (r.startsWith('no connection is set'))
    return 'An admin fills in the Open Dental connection on this card and saves it.';
  if (r.includes('already running'))
    return 'Wait a minute for it to finish: its result appears under Last sync.';
  if (r.startsWith('not an open dental database'))
    return 'Check the Database name (usually opendental): it must be the database Open Dental itself uses.';
  if (r.includes('access denied') || r.includes('password') || r.includes('user'))
    return 'Check the User and Password: ask whoever looks after the Open Dental server for a read-only database user.';
  if (r.includes('not found') || r.includes('unknown host') || r.includes('enotfound'))
    return `Check the Host: it is the name or address of the computer that runs the Open Dental database, not ${at(where)}.`;
  if (r.includes('refused'))
    return `Check the Port (usually 3306), that MySQL or MariaDB is running on ${at(where)}, and that it accepts connections from this server.`;
  if (r.includes('10 s') || r.includes('time') || r.includes('answer'))
    return `Check that ${at(where)} is switched on and reachable from this server, and that no firewall blocks the port.`;
  return null;
}
