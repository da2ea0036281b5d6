/** Field paths of scenario issues, in the form a reader types: `links[1].bandwidth`. */

export type Path = readonly PropertyKey[];

/** `["links", 1, "bandwidth"]` → `links[1].bandwidth`; the root is `(scenario)`. */
export function formatPath(path: Path): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (typeof seg === 'string' && /^[A-Za-z_$][\w$]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(String(seg))}]`;
  }
  return out || '(scenario)';
}
