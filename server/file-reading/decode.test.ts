import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createChunkDecoder, decodeWindows1252, detectFileEncoding, hasUtf8Bom, isValidUtf8 } from './decode';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'decode-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function detect(bytes: Buffer): Promise<string> {
  const path = join(dir, 'f.csv');
  await writeFile(path, bytes);
  return detectFileEncoding(path, bytes.subarray(0, 64));
}

describe('decodeWindows1252', () => {
  it('maps the code page, not Latin-1', () => {
    expect(decodeWindows1252(Buffer.from([0x80, 0x92, 0x93, 0x94, 0x96, 0x99, 0x9c]))).toBe('€’“”–™œ');
    expect(decodeWindows1252(Buffer.from([0x4a, 0x6f, 0x73, 0xe9, 0xd1, 0xfc]))).toBe('JoséÑü');
    // Unassigned bytes keep their C1 code point, as browsers do.
    expect(decodeWindows1252(Buffer.from([0x81, 0x8d]))).toBe('\u0081\u008d');
  });
});

describe('detectFileEncoding', () => {
  it('chooses UTF-8 when every byte is UTF-8', async () => {
    expect(await detect(Buffer.from('Patient\nJosé Núñez\n'))).toBe('utf-8');
    expect(await detect(Buffer.from('plain ascii'))).toBe('utf-8');
    expect(await detect(Buffer.from(''))).toBe('utf-8');
  });

  it('chooses Windows-1252 otherwise, even when the odd byte is far into the file', async () => {
    expect(await detect(Buffer.from([0x4a, 0x6f, 0x73, 0xe9]))).toBe('windows-1252');
    const late = Buffer.concat([Buffer.alloc(3 * 1024 * 1024, 'a'), Buffer.from([0xe9, 0x0a])]);
    expect(await detect(late)).toBe('windows-1252');
  });

  it('trusts a BOM', async () => {
    expect(await detect(Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0xe9]))).toBe('utf-8');
    expect(hasUtf8Bom(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    expect(hasUtf8Bom(Buffer.from('abc'))).toBe(false);
  });
});

describe('createChunkDecoder', () => {
  it('keeps a UTF-8 character split between chunks and drops the BOM', () => {
    const bytes = Buffer.from('\ufeffZoë 😀 Ünal');
    for (let cut = 0; cut <= bytes.length; cut++) {
      const decoder = createChunkDecoder('utf-8');
      expect(decoder.write(bytes.subarray(0, cut)) + decoder.write(bytes.subarray(cut)) + decoder.end()).toBe(
        'Zoë 😀 Ünal',
      );
    }
  });

  it('decodes Windows-1252 chunk by chunk', () => {
    const decoder = createChunkDecoder('windows-1252');
    expect(decoder.write(Buffer.from([0x80])) + decoder.write(Buffer.from([0xe9])) + decoder.end()).toBe(
      '€é',
    );
  });

  it('checks UTF-8 validity', () => {
    expect(isValidUtf8(Buffer.from('é'))).toBe(true);
    expect(isValidUtf8(Buffer.from([0xe9]))).toBe(false);
  });
});
