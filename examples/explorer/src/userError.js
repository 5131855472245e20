// Errors as a reader meets them: one plain sentence on what to do, and the library's own
// message (code, function, argument) on a details line for whoever reports a bug.

/** Functions whose messages speak about the reader's file and form (file, line, column, field). */
const READER_FUNCTIONS = new Set(['explorer', 'parseUserDataset']);

/** The library's message without its `[CODE] fn: arg:` prefix (the file/line/column part stays). */
function plainPart(error) {
  const text = typeof error?.message === 'string' ? error.message : String(error);
  const { fn, arg } = error?.details ?? {};
  let rest = text.replace(/^\[[A-Z_]+\]\s*/, '');
  if (fn && rest.startsWith(`${fn}: `)) rest = rest.slice(fn.length + 2);
  if (arg && rest.startsWith(`${arg}: `)) rest = rest.slice(arg.length + 2);
  return rest;
}

/** A sentence starts with a capital, unless it starts with the file's own name. */
function sentence(text, file) {
  if (file && text.startsWith(file)) return text;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

function binaryFile(error) {
  return error?.code === 'PARSE_ERROR' && /binary data|UTF-16|NUL byte/i.test(error.message);
}

/**
 * `{ message, details }` for the page, from an error or its plain copy `{ code, message,
 * details }` (what the worker posts). The message leads with what the reader can do; the
 * details line keeps the error code and the library's own words.
 */
export function userError(error) {
  const code = error?.code ?? error?.name ?? 'Error';
  const raw = typeof error?.message === 'string' ? error.message : String(error);
  const details = `${code}: ${raw}`;
  const d = error?.details ?? {};
  if (binaryFile(error)) {
    const what = /UTF-16/.test(raw) ? 'UTF-16 text' : 'binary data, e.g. an image or a spreadsheet';
    return {
      message: `${d.file ?? 'This file'} is not a CSV text file (it holds ${what}). Save it as CSV (UTF-8) and drop that.`,
      details,
    };
  }
  const plain = sentence(plainPart(error), d.file);
  if (code === 'EMPTY' && d.arg === 'file') return { message: `${plain}. Pick a CSV with a header line and data rows.`, details };
  // The reader's advice to list a column under "ignore" is, on this page, the "leave out" tick.
  if (READER_FUNCTIONS.has(d.fn) && /"ignore"/.test(raw)) return { message: `${plain}. Here: tick it under “leave out”.`, details };
  if (READER_FUNCTIONS.has(d.fn)) return { message: plain, details };
  if (typeof code === 'string' && /^[A-Z_]+$/.test(code))
    return {
      message: `The computation stopped: ${plainPart(error)}. Try fewer instances, other explainers or another model; if it repeats, report the details line below.`,
      details,
    };
  return {
    message:
      'Something went wrong inside the explorer (not in your data). Reload the page and try again; if it repeats, report the details line below.',
    details,
  };
}
