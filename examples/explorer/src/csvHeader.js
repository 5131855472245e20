// The header record of a CSV, for the label picker only (the worker reads the whole file with
// @xai/data's parseUserDataset, which checks the header again). @xai/data exports no header
// reader, so this follows its rules: delimiter from the first line (',' then tab then ';'),
// RFC 4180 quotes ("" inside a quoted field is one quote), a leading byte-order mark dropped.

function delimiterOf(text) {
  const end = text.search(/\r|\n/);
  const first = end < 0 ? text : text.slice(0, end);
  if (first.includes(',')) return ',';
  if (first.includes('\t')) return '\t';
  if (first.includes(';')) return ';';
  return ',';
}

/** Column names of the first record of `text` (quoted fields may hold the delimiter or a line break). */
export function csvHeader(text) {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const delimiter = delimiterOf(s);
  const names = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field.length === 0) quoted = true;
    else if (c === delimiter) {
      names.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') break;
    else field += c;
  }
  names.push(field);
  return names;
}
