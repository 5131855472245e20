// The one JSON reader for files users bring (configs, schemas, model and attribution files):
// JSON.parse keeps the last of two equal keys and says "Unexpected token" at a position. This
// scans the text once (iteratively, so nesting cannot overflow the stack), refuses a duplicate
// key, a value nested too deep or any syntax error naming the file, line and column, then lets
// the native parser build the value.
import { XaiError } from '../errors.js';

/** Where the text came from, for messages. */
export interface JsonSource {
  /** The file (or a description such as `--config`) named in every message. */
  readonly file: string;
  /** The public function or command reading it. */
  readonly fn: string;
  /** The option or argument that named the file. @defaultValue the file */
  readonly arg?: string;
  /** Deepest nesting of objects and arrays accepted. @defaultValue 1000 */
  readonly maxDepth?: number;
  /**
   * The file line the text starts on, when it is one line of a larger file (JSONL): lines in
   * messages count from it, and a byte-order mark is dropped only at the file's start (line 1).
   * @defaultValue 1
   */
  readonly firstLine?: number;
}

interface Frame {
  readonly object: boolean;
  /** Object: key -> text offset of its first occurrence. */
  readonly keys: Map<string, number> | null;
  key: string;
  index: number;
}

const VALUE = 0;
const KEY = 1;
const AFTER = 2;

function lineColumn(text: string, at: number, firstLine = 1): { line: number; column: number } {
  let line = firstLine;
  let start = 0;
  for (let k = text.indexOf('\n'); k >= 0 && k < at; k = text.indexOf('\n', k + 1)) {
    line++;
    start = k + 1;
  }
  return { line, column: at - start + 1 };
}

/** `shard.index`, `layers[0].bias`; empty at the root. */
function pathOf(stack: readonly Frame[], upTo: number): string {
  let p = '';
  for (let k = 0; k < upTo; k++) {
    const f = stack[k]!;
    p += f.object ? (p === '' ? f.key : `.${f.key}`) : `[${f.index}]`;
  }
  return p;
}

function describeAt(text: string, i: number): string {
  if (i >= text.length) return 'the end of the file';
  const word = /^[A-Za-z_][A-Za-z0-9_]*|^./su.exec(text.slice(i, i + 24))![0];
  return JSON.stringify(word);
}

class JsonScanner {
  private i = 0;
  private readonly stack: Frame[] = [];

  constructor(
    private readonly text: string,
    private readonly source: JsonSource,
  ) {}

  private fail(at: number, message: string, extra: Record<string, unknown> = {}): never {
    const s = this.source;
    const { line, column } = lineColumn(this.text, at, s.firstLine);
    // The file is named once: as the argument, or before the line when an option names it.
    const file = s.arg !== undefined && s.arg !== s.file ? `${s.file}, ` : '';
    throw new XaiError('PARSE_ERROR', `${file}line ${line}, column ${column}: ${message}`, {
      fn: s.fn,
      arg: s.arg ?? s.file,
      value: s.file,
      file: s.file,
      line,
      column,
      problem: message,
      ...extra,
    });
  }

  private skipSpace(): void {
    const t = this.text;
    let i = this.i;
    for (let c = t.charCodeAt(i); c === 32 || c === 10 || c === 13 || c === 9; c = t.charCodeAt(++i));
    this.i = i;
  }

  private string(): void {
    const t = this.text;
    const start = this.i;
    let i = start + 1;
    for (;;) {
      if (i >= t.length) this.fail(start, 'a string is not closed (a missing ")');
      const c = t.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20) this.fail(i, 'a control character (a line break or tab?) inside a string: escape it');
      if (c === 0x5c) {
        const e = t[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(t.slice(i + 2, i + 6))) this.fail(i, 'a \\u escape needs four hex digits');
          i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) this.fail(i, `${JSON.stringify(`\\${e ?? ''}`)} is not a JSON escape`);
        i += 2;
        continue;
      }
      i++;
    }
    this.i = i + 1;
  }

  private number(): void {
    const m = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    m.lastIndex = this.i;
    const r = m.exec(this.text);
    if (r === null || r[0] === '-') this.fail(this.i, `${describeAt(this.text, this.i)} is not a JSON number`);
    this.i += r[0].length;
    const next = this.text.charCodeAt(this.i);
    if ((next >= 0x30 && next <= 0x39) || next === 0x2e || next === 0x78)
      this.fail(this.i, `${describeAt(this.text, r.index)}... is not a JSON number (no leading zeros, hex or trailing dot)`);
  }

  private open(object: boolean): void {
    const max = this.source.maxDepth ?? 1000;
    if (this.stack.length >= max) this.fail(this.i, `nested deeper than ${max} levels (objects and arrays); not read`);
    this.stack.push({ object, keys: object ? new Map() : null, key: '', index: 0 });
    this.i++;
  }

  /** A value starts at `i`; returns the next mode. */
  private value(): number {
    const t = this.text;
    const c = t.charCodeAt(this.i);
    if (c === 0x7b || c === 0x5b) {
      this.open(c === 0x7b);
      this.skipSpace();
      if (t.charCodeAt(this.i) === (c === 0x7b ? 0x7d : 0x5d)) {
        this.i++;
        this.stack.pop();
        return AFTER;
      }
      return c === 0x7b ? KEY : VALUE;
    }
    if (c === 0x22) this.string();
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) this.number();
    else {
      const word = ['true', 'false', 'null'].find((w) => t.startsWith(w, this.i));
      if (word === undefined) {
        const top = this.stack[this.stack.length - 1];
        const hint =
          top && (c === 0x5d || c === 0x7d)
            ? ' (a trailing comma?)'
            : /^(NaN|-?Infinity)/.test(t.slice(this.i, this.i + 9))
              ? ' (JSON has no NaN or Infinity: write null or a number)'
              : c === 0x27
                ? ' (JSON strings take double quotes)'
                : '';
        this.fail(this.i, `expected a value, found ${describeAt(t, this.i)}${hint}`);
      }
      this.i += word.length;
    }
    return AFTER;
  }

  private key(): void {
    const t = this.text;
    const top = this.stack[this.stack.length - 1]!;
    const at = this.i;
    if (t.charCodeAt(at) !== 0x22)
      this.fail(at, `expected a double-quoted key, found ${describeAt(t, at)}${t.charCodeAt(at) === 0x7d ? ' (a trailing comma?)' : ''}`);
    this.string();
    const raw = t.slice(at + 1, this.i - 1);
    const key = raw.includes('\\') ? (JSON.parse(t.slice(at, this.i)) as string) : raw;
    const first = top.keys!.get(key);
    if (first !== undefined) {
      const where = pathOf(this.stack, this.stack.length - 1);
      this.fail(
        at,
        `duplicate key ${JSON.stringify(key)}${where ? ` in ${where}` : ''} (first at line ${lineColumn(t, first, this.source.firstLine).line}); JSON keys must be unique, and one of the two values would be dropped`,
        { key },
      );
    }
    top.keys!.set(key, at);
    top.key = key;
    this.skipSpace();
    if (t.charCodeAt(this.i) !== 0x3a)
      this.fail(this.i, `expected ":" after the key ${JSON.stringify(key)}, found ${describeAt(t, this.i)}`);
    this.i++;
  }

  /** After a value: a separator, a closing bracket, or the end. Returns the next mode, or -1 at the end. */
  private after(): number {
    const t = this.text;
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) {
      if (this.i < t.length) this.fail(this.i, `unexpected ${describeAt(t, this.i)} after the JSON value (two values? one file holds one)`);
      return -1;
    }
    const c = t.charCodeAt(this.i);
    if (c === 0x2c) {
      this.i++;
      if (top.object) return KEY;
      top.index++;
      return VALUE;
    }
    if (c === (top.object ? 0x7d : 0x5d)) {
      this.i++;
      this.stack.pop();
      return AFTER;
    }
    const where = pathOf(this.stack, this.stack.length);
    this.fail(this.i, `expected "," or "${top.object ? '}' : ']'}"${where ? ` after ${where}` : ''}, found ${describeAt(t, this.i)}`);
  }

  scan(): void {
    let mode = VALUE;
    for (;;) {
      this.skipSpace();
      if (mode === VALUE) {
        if (this.i >= this.text.length)
          this.fail(
            this.i,
            this.stack.length === 0 ? 'the file is empty (expected a JSON value)' : 'the file ends inside a value (cut short?)',
          );
        mode = this.value();
      } else if (mode === KEY) {
        if (this.i >= this.text.length) this.fail(this.i, 'the file ends inside an object (cut short?)');
        this.key();
        mode = VALUE;
      } else {
        if (this.i >= this.text.length && this.stack.length > 0) this.fail(this.i, 'the file ends inside an object or array (cut short?)');
        mode = this.after();
        if (mode < 0) return;
      }
    }
  }
}

/**
 * Parses JSON text strictly: a leading byte-order mark is dropped; a duplicate key (at any
 * depth), nesting deeper than `maxDepth`, a trailing comma, NaN, a single-quoted string or any
 * other syntax error is PARSE_ERROR naming the file, line and column (and, for a duplicate, the
 * key, where it sits and the line of its first occurrence); `details.problem` holds the message
 * without the place.
 * @example parseJsonText('{"a": 1, "a": 2}', { file: 'c.json', fn: 'xai bench' }) // PARSE_ERROR: c.json, line 1, column 10: duplicate key "a" ...
 * @since 0.3.0
 */
export function parseJsonText(text: string, source: JsonSource): unknown {
  const atStart = (source.firstLine ?? 1) === 1;
  const body = atStart && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  new JsonScanner(body, source).scan();
  return JSON.parse(body) as unknown;
}
