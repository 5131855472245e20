// What a file that is not UTF-8 text is, by its first bytes, so the error says "a gzip file"
// instead of "ragged row" or "not a number" far from the cause.

/** A known non-text format: its leading bytes, a name for messages and what to do about it. */
interface Signature {
  readonly bytes: readonly number[];
  readonly name: string;
  readonly fix: string;
}

const UTF8_FIX = 'save it as UTF-8 (e.g. `iconv -f UTF-16 -t UTF-8 in.csv > out.csv`, or "CSV UTF-8" in a spreadsheet)';
const ascii = (s: string): number[] => Array.from(s, (c) => c.charCodeAt(0));

// Longer marks first where one is a prefix of another (UTF-32LE starts with UTF-16LE's mark).
const SIGNATURES: readonly Signature[] = [
  { bytes: [0xff, 0xfe, 0x00, 0x00], name: 'UTF-32LE text (byte-order mark FF FE 00 00)', fix: UTF8_FIX },
  { bytes: [0x00, 0x00, 0xfe, 0xff], name: 'UTF-32BE text (byte-order mark 00 00 FE FF)', fix: UTF8_FIX },
  { bytes: [0xff, 0xfe], name: 'UTF-16LE text (byte-order mark FF FE)', fix: UTF8_FIX },
  { bytes: [0xfe, 0xff], name: 'UTF-16BE text (byte-order mark FE FF)', fix: UTF8_FIX },
  { bytes: [0x1f, 0x8b], name: 'a gzip-compressed file', fix: 'decompress it first (`gunzip -k file.csv.gz`)' },
  { bytes: [0x42, 0x5a, 0x68], name: 'a bzip2-compressed file', fix: 'decompress it first (`bunzip2 -k file.csv.bz2`)' },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], name: 'an xz-compressed file', fix: 'decompress it first (`unxz -k file.csv.xz`)' },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], name: 'a zstd-compressed file', fix: 'decompress it first (`unzstd file.csv.zst`)' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], name: 'a 7-Zip archive', fix: 'extract the CSV from it first' },
  {
    bytes: [0x50, 0x4b, 0x03, 0x04],
    name: 'a ZIP archive (an .xlsx workbook is one)',
    fix: 'extract the CSV, or export the sheet as "CSV UTF-8"',
  },
  { bytes: [0x50, 0x4b, 0x05, 0x06], name: 'an empty ZIP archive', fix: 'give the CSV file itself' },
  {
    bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
    name: 'a legacy Office file (.xls)',
    fix: 'export the sheet as "CSV UTF-8"',
  },
  { bytes: ascii('%PDF-'), name: 'a PDF document', fix: 'export the table as CSV' },
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], name: 'a PNG image', fix: 'give the CSV file' },
  { bytes: [0xff, 0xd8, 0xff], name: 'a JPEG image', fix: 'give the CSV file' },
  { bytes: ascii('GIF8'), name: 'a GIF image', fix: 'give the CSV file' },
  { bytes: ascii('PAR1'), name: 'a Parquet file', fix: 'convert it to CSV (e.g. `pandas.read_parquet(...).to_csv(...)`)' },
  { bytes: ascii('ARROW1'), name: 'an Arrow/Feather file', fix: 'convert it to CSV (e.g. `pandas.read_feather(...).to_csv(...)`)' },
  {
    bytes: ascii('SQLite format 3\0'),
    name: 'an SQLite database',
    fix: 'export the table as CSV (`sqlite3 -csv -header db "select ..."`)',
  },
  {
    bytes: [0x93, ...ascii('NUMPY')],
    name: 'a NumPy .npy array',
    fix: 'write it as CSV (`numpy.savetxt(..., delimiter=",")` with a header)',
  },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], name: 'an ELF executable', fix: 'give the CSV file' },
];

/** What the bytes are when they are not UTF-8 text: a format name and a fix. */
export interface BinaryKind {
  readonly name: string;
  readonly fix: string;
  /** Byte offset of the evidence (0 for a signature, the first NUL otherwise). */
  readonly at: number;
}

const hex2 = (b: number): string => b.toString(16).toUpperCase().padStart(2, '0');

/** The first bytes as hex, for messages: `1F 8B 08 00`. */
export function leadingHex(bytes: ArrayLike<number>, count = 4): string {
  return Array.from({ length: Math.min(count, bytes.length) }, (_, i) => hex2(bytes[i]!)).join(' ');
}

function startsWith(bytes: ArrayLike<number>, mark: readonly number[]): boolean {
  if (bytes.length < mark.length) return false;
  for (let i = 0; i < mark.length; i++) if (bytes[i] !== mark[i]) return false;
  return true;
}

/**
 * UTF-16 without a mark, told from other binary data: ASCII text in UTF-16 has a NUL in every
 * other byte (the high byte), after the character in little-endian, before it in big-endian.
 */
function nulPattern(bytes: ArrayLike<number>, firstNul: number): BinaryKind {
  const n = Math.min(bytes.length, 512) & ~1;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i++) if (bytes[i] === 0) i % 2 === 0 ? evenNul++ : oddNul++;
  const pairs = n / 2;
  const utf16 = (order: string): BinaryKind => ({ name: `UTF-16${order} text without a byte-order mark`, fix: UTF8_FIX, at: firstNul });
  if (oddNul >= 0.9 * pairs && evenNul === 0) return utf16('LE');
  if (evenNul >= 0.9 * pairs && oddNul === 0) return utf16('BE');
  return { name: 'binary data, not text', fix: 'give a UTF-8 CSV file', at: firstNul };
}

/**
 * Names the format of bytes that are not UTF-8 text (a known signature, UTF-16/32, or NUL
 * bytes), or undefined for text. Only the leading bytes and the first NUL are looked at.
 */
export function binaryKind(bytes: Uint8Array): BinaryKind | undefined {
  for (const s of SIGNATURES) if (startsWith(bytes, s.bytes)) return { name: s.name, fix: s.fix, at: 0 };
  const nul = bytes.indexOf(0);
  return nul < 0 ? undefined : nulPattern(bytes, nul);
}

/**
 * The same for text already decoded as UTF-8: a signature byte above 0x7F decodes to U+FFFD
 * (a lone continuation byte), so marks are compared with that replacement; NUL characters
 * mean UTF-16 or binary bytes read as UTF-8 (ASCII characters keep their byte values).
 */
export function binaryKindOfText(text: string): BinaryKind | undefined {
  const head = Array.from(text.slice(0, 16), (c) => c.charCodeAt(0));
  for (const s of SIGNATURES) {
    // Byte-order marks do not survive decoding, so only the other signatures are looked for.
    if (s.name.startsWith('UTF-')) continue;
    if (
      startsWith(
        head,
        s.bytes.map((b) => (b > 0x7f ? 0xfffd : b)),
      )
    )
      return { name: s.name, fix: s.fix, at: 0 };
  }
  const nul = text.indexOf('\0');
  if (nul < 0) return undefined;
  return nulPattern(
    Array.from(text.slice(0, 512), (c) => c.charCodeAt(0)),
    nul,
  );
}
