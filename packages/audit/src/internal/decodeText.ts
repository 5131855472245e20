import { XaiError } from '@xai/core';

/** Encodings an input may be declared in (WHATWG labels; 'latin1' is windows-1252 there). */
export const INPUT_ENCODINGS = ['utf-8', 'latin1', 'windows-1252', 'iso-8859-15', 'utf-16le', 'utf-16be'] as const;
export type InputEncoding = (typeof INPUT_ENCODINGS)[number];

/**
 * Byte offset of the first invalid UTF-8 sequence (bad lead byte, missing continuation,
 * overlong form, surrogate, above U+10FFFF), or -1 when the bytes are valid UTF-8.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let cp = b & (0x3f >> need);
    for (let j = 1; j <= need; j++) {
      const c = bytes[i + j];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/**
 * Decodes an input's bytes. Without `encoding` the bytes must be UTF-8: an invalid sequence
 * is a PARSE_ERROR naming the file, the 1-based line, the byte offset in the file and the
 * byte column in the line (never a silent U+FFFD). With `encoding`, the bytes are decoded
 * in it. Strings are returned as given.
 */
export function decodeText(content: string | Uint8Array, name: string, fn: string, encoding?: string): string {
  if (typeof content === 'string') return content;
  if (encoding !== undefined && encoding.toLowerCase() !== 'utf-8' && encoding.toLowerCase() !== 'utf8') {
    if (!(INPUT_ENCODINGS as readonly string[]).includes(encoding.toLowerCase()))
      throw new XaiError('BAD_OPTION', `unknown encoding "${encoding}" (known: ${INPUT_ENCODINGS.join(', ')})`, {
        fn,
        arg: 'encoding',
        value: encoding,
      });
    return new TextDecoder(encoding.toLowerCase()).decode(content);
  }
  const bad = firstInvalidUtf8(content);
  if (bad >= 0) {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < bad; i++)
      if (content[i] === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    const hex = content[bad]!.toString(16).padStart(2, '0');
    throw new XaiError(
      'PARSE_ERROR',
      `${name}:${line}: invalid UTF-8 at byte offset ${bad} (byte 0x${hex}, column ${bad - lineStart + 1} of the line); pass --encoding (e.g. latin1, utf-16le) if the file is not UTF-8`,
      { fn, arg: 'encoding', value: name, file: name, line, byteOffset: bad, column: bad - lineStart + 1, reason: 'invalid-utf8' },
    );
  }
  return new TextDecoder('utf-8').decode(content);
}
