// Bytes a user brings -> text, never silently: invalid UTF-8 is an error naming the line and the
// byte (a Windows-1252 "ü" decoded with U+FFFD would merge "Müller" and "Möller"), unless the
// caller says which encoding the file is in. Browser-safe (TextDecoder).
import { XaiError } from '../errors.js';

/** Encodings an input file may be declared in (WHATWG labels; `latin1` is windows-1252 there). @since 0.3.0 */
export const INPUT_ENCODINGS = ['utf-8', 'latin1', 'windows-1252', 'iso-8859-15', 'utf-16le', 'utf-16be'] as const;
/** One of {@link INPUT_ENCODINGS}. @since 0.3.0 */
export type InputEncoding = (typeof INPUT_ENCODINGS)[number];

/** Where the bytes came from, for messages: the file, the public function and the option that names the encoding. */
export interface TextSource {
  readonly file: string;
  readonly fn: string;
  /** The option a user sets to name another encoding (e.g. `--encoding`). @defaultValue 'encoding' */
  readonly encodingOption?: string;
}

/**
 * Byte offset of the first invalid UTF-8 sequence (bad lead byte, missing continuation,
 * overlong form, surrogate, above U+10FFFF), or -1 when the bytes are valid UTF-8.
 * @example firstInvalidUtf8(Uint8Array.from([0x61, 0xfc])) // 1
 * @since 0.3.0
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
 * The encoding `value` names (case-insensitive; `utf8` is `utf-8`), or BAD_OPTION naming the
 * option and the known encodings.
 * @since 0.3.0
 */
export function inputEncoding(value: string, fn: string, option = 'encoding'): InputEncoding {
  const v = value.toLowerCase() === 'utf8' ? 'utf-8' : value.toLowerCase();
  if (!(INPUT_ENCODINGS as readonly string[]).includes(v))
    throw new XaiError('BAD_OPTION', `unknown encoding ${JSON.stringify(value)} (known: ${INPUT_ENCODINGS.join(', ')})`, {
      fn,
      arg: option,
      value,
    });
  return v as InputEncoding;
}

/**
 * Decodes a file's bytes. Without `encoding` (or with `utf-8`) the bytes must be UTF-8: an
 * invalid sequence is PARSE_ERROR naming the file, the 1-based line, the byte offset, the byte
 * and its column in the line, and the option that names another encoding. A byte-order mark is
 * dropped. Strings are returned as given (less a BOM).
 * @example decodeInputText(bytes, { file: 'people.csv', fn: 'xai train', encodingOption: '--encoding' }, 'latin1')
 * @since 0.3.0
 */
export function decodeInputText(content: string | Uint8Array, source: TextSource, encoding?: string): string {
  if (typeof content === 'string') return content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  const option = source.encodingOption ?? 'encoding';
  const enc = encoding === undefined ? 'utf-8' : inputEncoding(encoding, source.fn, option);
  if (enc !== 'utf-8') return new TextDecoder(enc).decode(content);
  const bad = firstInvalidUtf8(content);
  if (bad < 0) return new TextDecoder('utf-8').decode(content);
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
    `line ${line}: invalid UTF-8 at byte offset ${bad} (byte 0x${hex}, column ${bad - lineStart + 1} of the line); the file is not UTF-8: name its encoding with ${option} (e.g. latin1 for Windows-1252, utf-16le) or save it as UTF-8`,
    {
      fn: source.fn,
      arg: source.file,
      value: `0x${hex}`,
      file: source.file,
      line,
      byteOffset: bad,
      column: bad - lineStart + 1,
      reason: 'invalid-utf8',
    },
  );
}
