// A minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF). Used by the csv adapter
// because @xai/data's loadCsv was not built when this package was written.

/** Header and rows of strings, with the 1-based line where each row starts. */
export function parseCsv(text: string): { header: string[]; rows: string[][]; lines: number[] } {
  const records: string[][] = [];
  const lines: number[] = [];
  let field = '';
  let record: string[] = [];
  let inQuotes = false;
  let line = 1;
  let start = 1;
  let fieldStarted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') { field += '"'; i++; }
        else inQuotes = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && !fieldStarted) { inQuotes = true; fieldStarted = true; continue; }
    if (ch === ',') { record.push(field); field = ''; fieldStarted = false; continue; }
    if (ch === '\r' && text[i + 1] === '\n') continue;
    if (ch === '\n') {
      record.push(field);
      records.push(record);
      lines.push(start);
      record = [];
      field = '';
      fieldStarted = false;
      line++;
      start = line;
      continue;
    }
    field += ch;
    fieldStarted = true;
  }
  if (field.length > 0 || record.length > 0) {
    record.push(field);
    records.push(record);
    lines.push(start);
  }
  const header = records.shift() ?? [];
  lines.shift();
  return { header, rows: records, lines };
}
