/**
 * The mail the app sent during a browser test run, as the SMTP sink received it (e2e/smtp-sink.ts),
 * parsed: `receivedMail()` reads every message so far; `waitForMail(match)` waits for one.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { MAIL_DIR } from './smtp-sink-address';

export type { ParsedMail };

/** Every address a message is sent to (To and Cc), lower case. */
export function recipientsOf(mail: ParsedMail): string[] {
  const lists = [mail.to, mail.cc].flat().filter((a): a is AddressObject => a !== undefined);
  return lists.flatMap((list) => list.value.map((a) => (a.address ?? '').toLowerCase()));
}

/** Every message received so far in this run, oldest first. */
export async function receivedMail(): Promise<ParsedMail[]> {
  const names = await readdir(MAIL_DIR).catch(() => [] as string[]);
  const files = names.filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(files.map(async (n) => simpleParser(await readFile(join(MAIL_DIR, n)))));
}

/**
 * The first message that matches, once it has arrived: delivery runs after the app has answered,
 * so a test asks for the message rather than reading the folder once.
 */
export async function waitForMail(
  match: (mail: ParsedMail) => boolean,
  { timeout = 15_000 }: { timeout?: number } = {},
): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await receivedMail()).find(match);
        return found !== undefined;
      },
      { message: 'the e-mail arrived', timeout },
    )
    .toBe(true);
  return found as ParsedMail;
}

/** The first message sent to the address, once it has arrived. */
export const waitForMailTo = (address: string, options?: { timeout?: number }) =>
  waitForMail((mail) => recipientsOf(mail).includes(address.toLowerCase()), options);
