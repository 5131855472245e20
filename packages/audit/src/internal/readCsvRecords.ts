// A small RFC 4180 reader (quoted fields, doubled quotes, CRLF / LF / CR) for CSVs with
// text columns, which @xai/data's numeric parseCsv rejects by design. Drops a leading
// byte-order mark and skips blank lines, like @xai/data.

/** Header and rows of strings, with the 1-based line where each row starts. */
export interface CsvRecords {
  readonly header: string[];
  readonly rows: string[][];
  readonly lines: number[];
  readonly delimiter: string;
}

/** Picks the delimiter from the header line (',' then tab then ';'), as @xai/data does. */
function detectDelimiter(text: string): string {
  const end = text.search(/[\r\n]/);
  const first = end < 0 ? text : text.slice(0, end);
  if (first.includes(',')) return ',';
  if (first.includes('\t')) return '\t';
  if (first.includes(';')) return ';';
  return ',';
}

/** Splits CSV text into records; blank (or whitespace-only) lines outside quotes are skipped. */
export function readCsvRecords(input: string): CsvRecords {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const delimiter = detectDelimiter(text);
  const records: string[][] = [];
  const lines: number[] = [];
  let field = '';
  let record: string[] = [];
  let inQuotes = false;
  let quoted = false; // the record had a quoted field: never a blank line
  let line = 1;
  let start = 1;
  let fieldStarted = false;
  const endRecord = (): void => {
    record.push(field);
    const blank = !quoted && record.length === 1 && record[0]!.trim().length === 0;
    if (!blank) {
      records.push(record);
      lines.push(start);
    }
    record = [];
    field = '';
    fieldStarted = false;
    quoted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else {
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && !fieldStarted) {
      inQuotes = true;
      quoted = true;
      fieldStarted = true;
      continue;
    }
    if (ch === delimiter) {
      record.push(field);
      field = '';
      fieldStarted = false;
      continue;
    }
    if (ch === '\r' && text[i + 1] === '\n') continue;
    if (ch === '\n' || ch === '\r') {
      endRecord();
      line++;
      start = line;
      continue;
    }
    field += ch;
    fieldStarted = true;
  }
  if (field.length > 0 || record.length > 0 || quoted) endRecord();
  const header = records.shift() ?? [];
  lines.shift();
  return { header, rows: records, lines, delimiter };
}
