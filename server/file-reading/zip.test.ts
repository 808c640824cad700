import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { buildZip, type ZipPart } from './fixtures/zip-writer';
import { openZipText, readZipDirectory, ZIP_LIMITS } from './zip';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zip-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function zipFile(name: string, parts: ZipPart[] | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, Array.isArray(parts) ? buildZip(parts) : parts);
  return path;
}

const UNREADABLE = { status: 422, message: 'The file could not be read' };

describe('readZipDirectory', () => {
  it('lists entries by lower-cased name', async () => {
    const path = await zipFile('ok.zip', [
      { name: 'xl/Workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'b.txt', data: Buffer.from('bee') },
    ]);
    const zip = await readZipDirectory(path);
    expect([...zip.entries.keys()]).toEqual(['xl/workbook.xml', 'b.txt']);
    expect(zip.entries.get('b.txt')).toMatchObject({ name: 'b.txt', method: 8, uncompressedSize: 3 });
  });

  it('refuses what is not a zip', async () => {
    await expect(
      readZipDirectory(await zipFile('no.zip', Buffer.from('PK\u0003\u0004 but nothing else'))),
    ).rejects.toMatchObject(UNREADABLE);
    await expect(readZipDirectory(await zipFile('empty.zip', Buffer.alloc(0)))).rejects.toMatchObject(
      UNREADABLE,
    );
  });

  it('refuses an entry that inflates too far for its size (a bomb)', async () => {
    const size = ZIP_LIMITS.ratioFloorBytes + 1024;
    const path = await zipFile('bomb.zip', [{ name: 'a.xml', data: Buffer.alloc(size, ' ') }]);
    await expect(readZipDirectory(path)).rejects.toMatchObject(UNREADABLE);
  });

  it('accepts a dense entry below the ratio floor', async () => {
    const path = await zipFile('dense.zip', [{ name: 'a.xml', data: Buffer.alloc(1024 * 1024, ' ') }]);
    await expect(readZipDirectory(path)).resolves.toBeDefined();
  });

  it('refuses declared sizes beyond the limits', async () => {
    const path = await zipFile('huge.zip', [
      { name: 'a.xml', data: Buffer.from('x'), declaredSize: 0xfffffff0 },
    ]);
    await expect(readZipDirectory(path)).rejects.toMatchObject(UNREADABLE);
  });
});

describe('openZipText', () => {
  it('inflates an entry to text, keeping characters split between chunks', async () => {
    const content = 'Zoë Ünal 😀 '.repeat(20_000);
    const path = await zipFile('text.zip', [{ name: 'a.xml', data: Buffer.from(content) }]);
    const zip = await readZipDirectory(path);
    expect(await text(await openZipText(zip, zip.entries.get('a.xml')!))).toBe(content);
  });

  it('stops an entry that inflates beyond its declared size', async () => {
    const path = await zipFile('liar.zip', [
      { name: 'a.xml', data: Buffer.alloc(1024 * 1024, ' '), declaredSize: 100 },
    ]);
    const zip = await readZipDirectory(path);
    await expect(text(await openZipText(zip, zip.entries.get('a.xml')!))).rejects.toMatchObject(UNREADABLE);
  });

  it('refuses an entry shorter than declared', async () => {
    const path = await zipFile('short.zip', [{ name: 'a.xml', data: Buffer.from('abc'), declaredSize: 10 }]);
    const zip = await readZipDirectory(path);
    await expect(text(await openZipText(zip, zip.entries.get('a.xml')!))).rejects.toMatchObject(UNREADABLE);
  });

  it('refuses encrypted entries', async () => {
    const bytes = buildZip([{ name: 'a.xml', data: Buffer.from('secret') }]);
    // Set the "encrypted" flag in the central directory header (offset 8 of its 46-byte record).
    const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bytes.writeUInt16LE(bytes.readUInt16LE(central + 8) | 1, central + 8);
    const zip = await readZipDirectory(await zipFile('encrypted.zip', bytes));
    await expect(openZipText(zip, zip.entries.get('a.xml')!)).rejects.toMatchObject(UNREADABLE);
  });
});
