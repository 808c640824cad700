/**
 * A real SMTP server for the browser tests (playwright.config.ts starts it with `npx tsx`): accepts
 * every message on 127.0.0.1 and writes it, raw, into MAIL_DIR for e2e/mailbox.ts to read. A tiny
 * HTTP endpoint answers `ok` once both are listening, for Playwright to wait on.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { MAIL_DIR, SMTP_SINK_HEALTH_PORT, SMTP_SINK_PORT } from './smtp-sink-address';

// Each run starts with an empty mailbox.
rmSync(MAIL_DIR, { recursive: true, force: true });
mkdirSync(MAIL_DIR, { recursive: true });

let received = 0;

function keep(raw: Buffer): void {
  received += 1;
  const name = `${String(received).padStart(6, '0')}.eml`;
  // Made again each time: the folder lives in the app's data folder, which a run may clear.
  mkdirSync(MAIL_DIR, { recursive: true });
  // Written under another name and then renamed, so a reader never sees half a message.
  const part = join(MAIL_DIR, `${name}.part`);
  writeFileSync(part, raw);
  renameSync(part, join(MAIL_DIR, name));
}

const smtp = new SMTPServer({
  authOptional: true,
  // No STARTTLS offered, so the app's mailer sends in the clear over loopback without a certificate.
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, done) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', done);
    stream.on('end', () => {
      try {
        keep(Buffer.concat(chunks));
        done();
      } catch (err) {
        done(err as Error);
      }
    });
  },
});
smtp.on('error', (err) => console.error(`SMTP sink: ${err.message}`));

const health = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  res.end('ok');
});

smtp.listen(SMTP_SINK_PORT, '127.0.0.1', () => {
  health.listen(SMTP_SINK_HEALTH_PORT, '127.0.0.1');
});
