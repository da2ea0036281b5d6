/** Field paths of scenario issues, in the form a reader types: `links[1].bandwidth`. */

export type Path = readonly PropertyKey[];

/** A field name longer than this is cut (with an ellipsis) where a path shows it. */
const MAX_KEY_CHARS = 40;

/** `["links", 1, "bandwidth"]` → `links[1].bandwidth`; the root is `(scenario)`. */
export function formatPath(path: Path): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else {
      const key = cut(String(seg));
      if (typeof seg === 'string' && /^[A-Za-z_$][\w$]*$/.test(seg)) out += out ? `.${key}` : key;
      else out += `[${JSON.stringify(key)}]`;
    }
  }
  return out || '(scenario)';
}

function cut(key: string): string {
  return key.length > MAX_KEY_CHARS ? `${key.slice(0, MAX_KEY_CHARS - 1)}…` : key;
}
