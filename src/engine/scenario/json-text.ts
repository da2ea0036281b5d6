/**
 * Reading a JSON file's text for the scenario and sweep loaders: a UTF-8
 * byte-order mark is skipped (editors on Windows write one), and a syntax
 * error becomes one line that says where (line and column) and what, in
 * place of the engine's message, which may quote the text (newlines
 * included) or give only a character offset.
 *
 * JSON.parse does the parsing; only when it fails does a small scanner
 * (RFC 8259's grammar) walk the text to find the first error's place.
 */

export type JsonTextResult = { ok: true; value: unknown } | { ok: false; message: string };

const BOM = '\uFEFF';

export function readJsonText(text: string): JsonTextResult {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (error) {
    return { ok: false, message: syntaxMessage(body, error) };
  }
}

/** "is not valid JSON: expected ',' or '}' after a value (line 3, column 14)" */
function syntaxMessage(text: string, error: unknown): string {
  const found = firstJsonError(text);
  if (found) {
    const { line, column } = lineColumn(text, found.offset);
    return `is not valid JSON: ${found.reason} (line ${line}, column ${column})`;
  }
  // The scanner and JSON.parse disagree (should not happen): keep the engine's words, on one line.
  const raw = error instanceof Error ? error.message : String(error);
  return `is not valid JSON: ${raw.replace(/\s+/g, ' ').slice(0, 200)}`;
}

export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/** A character as a message shows it: "'x'", or its code for an invisible one. */
function shown(text: string, i: number): string {
  if (i >= text.length) return 'the end of the text';
  const c = text.codePointAt(i)!;
  if (c < 0x20 || c === 0x7f || (c >= 0x80 && c < 0xa0) || c === 0xfeff)
    return `character U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${String.fromCodePoint(c)}'`;
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
/** RFC 8259 §6, anchored where lastIndex says (sticky). */
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * The first syntax error of `text` as JSON: its offset and what was expected,
 * or null if the text is valid JSON. Iterative (a stack of open containers),
 * so deep nesting cannot overflow it.
 */
export function firstJsonError(text: string): { offset: number; reason: string } | null {
  let i = 0;
  const n = text.length;
  // Open containers: '{' or '['.
  const stack: string[] = [];
  const skip = () => {
    while (i < n && WS.has(text.charCodeAt(i))) i++;
  };
  const fail = (reason: string) => ({ offset: i, reason });

  /** Read one string starting at text[i] === '"'; null on success, else the error. */
  const readString = (): { offset: number; reason: string } | null => {
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return null;
      }
      if (c < 0x20) return fail(`a string may not hold ${shown(text, i)} (write it as an escape such as \\n)`);
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            return fail('\\u must be followed by four hexadecimal digits');
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          i += 2;
        } else {
          return fail(`unknown escape \\${e ?? ''} in a string`);
        }
        continue;
      }
      i++;
    }
    return fail('a string is not closed (a " is missing)');
  };

  /** Read one scalar or the opening of a container; null on success. */
  const readValue = (): { offset: number; reason: string } | null => {
    skip();
    if (i >= n) return fail('the text ends where a value was expected');
    const c = text[i]!;
    if (c === '{' || c === '[') {
      stack.push(c);
      i++;
      return null;
    }
    if (c === '"') return readString();
    NUMBER.lastIndex = i;
    if (NUMBER.test(text)) {
      i = NUMBER.lastIndex;
      return null;
    }
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return null;
      }
    }
    if (c === '-' || (c >= '0' && c <= '9')) return fail('a number is malformed');
    if (c === "'") return fail('strings must be in double quotes ("), not single quotes (\')');
    return fail(`expected a value (a string, number, object, list, true, false or null), found ${shown(text, i)}`);
  };

  let err = readValue();
  if (err) return err;
  // After a value (or an opening bracket), loop until the top-level value is complete.
  let justOpened = stack.length > 0;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    skip();
    if (i >= n) return fail(`the text ends before the ${top === '{' ? "object's closing }" : "list's closing ]"}`);
    const close = top === '{' ? '}' : ']';
    if (text[i] === close) {
      // An empty container, or the end of one after a value.
      stack.pop();
      i++;
      justOpened = false;
      continue;
    }
    if (!justOpened) {
      if (text[i] !== ',') return fail(`expected ',' or '${close}' after a value, found ${shown(text, i)}`);
      i++;
      skip();
      if (text[i] === close) return fail(`a trailing comma before '${close}' is not allowed`);
    }
    justOpened = false;
    if (top === '{') {
      skip();
      if (text[i] !== '"') return fail(`expected a field name in double quotes, found ${shown(text, i)}`);
      err = readString();
      if (err) return err;
      skip();
      if (text[i] !== ':') return fail(`expected ':' after a field name, found ${shown(text, i)}`);
      i++;
    }
    const depth = stack.length;
    err = readValue();
    if (err) return err;
    justOpened = stack.length > depth;
  }
  skip();
  if (i < n) return fail(`unexpected ${shown(text, i)} after the end of the JSON value`);
  return null;
}
