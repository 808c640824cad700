/**
 * HTML tables saved as `.xls`: SheetJS decodes only `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`
 * and `&nbsp;` in them, so `O&#39;Brien` or `Ren&eacute;e` would be stored as written, and one
 * patient would become two. Every other named or numeric character reference is decoded here
 * first, to its character; one that stands for a character the markup itself uses is written in
 * the form SheetJS decodes, so no text turns into a tag.
 */

import { decodeHTMLStrict } from 'entities';

const REFERENCE = /&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/g;
const LEFT_TO_SHEETJS = new Set(['&amp;', '&lt;', '&gt;', '&quot;', '&apos;', '&nbsp;']);
const MARKUP: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\u00a0': '&nbsp;',
};

export function decodeHtmlReferences(html: string): string {
  if (!html.includes('&')) return html;
  return html.replace(REFERENCE, (ref) => {
    if (LEFT_TO_SHEETJS.has(ref)) return ref;
    // Strict: only a reference closed by ';' (`R&D;` aside, `AT&T` stays as written).
    const text = decodeHTMLStrict(ref);
    return MARKUP[text] ?? text;
  });
}
