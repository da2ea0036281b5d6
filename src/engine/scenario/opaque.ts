/**
 * The check of the opaque `ui` and `lesson` values: the loader never reads
 * them, but the page copies them to its worker (structured clone) and the
 * engine copies its scenario, and both recurse. A value nested thousands deep
 * (a 1 kB share link can hold one) would overflow the stack there, so it is
 * refused here, with its size, and anything that is not plain JSON data
 * (a function, a symbol, a Map) that could not be copied at all.
 *
 * The walk is iterative (an explicit stack), so checking a hostile value can
 * itself never overflow, and it stops at the first problem.
 */
import { MAX_OPAQUE_CHARS, MAX_OPAQUE_DEPTH } from './limits';
import { formatPath } from './path';

/** What is wrong with an opaque value, or undefined when it is plain JSON within the bounds. */
export function opaqueProblem(value: unknown): string | undefined {
  const stack: { v: unknown; depth: number; path: (string | number)[] }[] = [{ v: value, depth: 0, path: [] }];
  // Characters the value takes as JSON text, roughly (punctuation and numbers estimated).
  let chars = 0;
  while (stack.length > 0) {
    const { v, depth, path } = stack.pop()!;
    const where = path.length ? ` (at ${formatPath(path)})` : '';
    switch (typeof v) {
      case 'string':
        chars += v.length + 2;
        break;
      case 'number':
        if (!Number.isFinite(v)) return `must hold only finite numbers${where}`;
        chars += 8;
        break;
      case 'boolean':
        chars += 5;
        break;
      case 'object': {
        if (v === null) {
          chars += 4;
          break;
        }
        if (depth >= MAX_OPAQUE_DEPTH) {
          return `is nested too deeply: at most ${MAX_OPAQUE_DEPTH} levels of lists and objects${where}`;
        }
        const proto = Object.getPrototypeOf(v);
        if (Array.isArray(v)) {
          chars += 2 + v.length;
          if (chars > MAX_OPAQUE_CHARS) return tooLarge();
          for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], depth: depth + 1, path: [...path, i] });
        } else if (proto === Object.prototype || proto === null) {
          const keys = Object.keys(v);
          chars += 2 + keys.length * 4;
          if (chars > MAX_OPAQUE_CHARS) return tooLarge();
          for (let i = keys.length - 1; i >= 0; i--) {
            const k = keys[i]!;
            chars += k.length;
            stack.push({ v: (v as Record<string, unknown>)[k], depth: depth + 1, path: [...path, k] });
          }
        } else {
          return `must hold only JSON values (strings, numbers, true/false, null, lists, objects)${where}`;
        }
        break;
      }
      default:
        return `must hold only JSON values (got a ${typeof v})${where}`;
    }
    if (chars > MAX_OPAQUE_CHARS) return tooLarge();
  }
  return undefined;
}

const tooLarge = () => `is too large: at most ${MAX_OPAQUE_CHARS.toLocaleString('en')} characters as JSON`;
