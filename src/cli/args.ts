/**
 * Command-line arguments read by node:util's parseArgs (strict: an unknown
 * option or a missing value is an error), with its errors put in the runners'
 * words ("unknown option --x", "--out needs a value") so every command says
 * them the same way. Accepts `--flag value`, `--flag=value` and `--` before
 * positional arguments.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export type OptionKinds = Record<string, { type: 'string' | 'boolean'; short?: string }>;

export interface ReadArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** Parse argv (after the command's name) against `options`; an error is returned as text. */
export function readArgs(argv: string[], options: OptionKinds): ReadArgs | { error: string } {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: joinNegativeValues(argv, options),
      options: options as ParseArgsConfig['options'],
      strict: true,
      allowPositionals: true,
    });
  } catch (e) {
    return { error: argError(e, argv) };
  }
  const values = parsed.values as ReadArgs['values'];
  for (const [name, kind] of Object.entries(options)) {
    if (kind.type === 'string' && values[name] === '') return { error: `--${name} needs a value` };
  }
  return { values, positionals: parsed.positionals };
}

/**
 * `--duration -3`: node:util takes "-3" for an option and calls the value
 * missing; a negative number after a string option is its value (so the
 * loader can say why it is wrong), as `--duration=-3` would be.
 */
function joinNegativeValues(argv: string[], options: OptionKinds): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    if (a === '--') return [...out, ...argv.slice(i)];
    const kind = a.startsWith('--') ? options[a.slice(2)] : undefined;
    if (kind?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** node:util's messages, reworded: they quote the option, we name it. */
function argError(e: unknown, argv: string[]): string {
  const code = (e as { code?: string }).code;
  const message = e instanceof Error ? e.message : String(e);
  const quoted = /'(-[^' ]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const given = argv.find((a) => quoted !== undefined && (a === quoted || a.startsWith(`${quoted}=`)));
    return `unknown option ${given ?? quoted ?? message}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/does not take an argument/.test(message)) return `${quoted ?? 'an option'} takes no value`;
    return `${quoted ?? 'an option'} needs a value`;
  }
  return message;
}
