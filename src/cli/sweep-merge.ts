/**
 * `tcplab sweep merge <sweep.json> <shard file or folder>… --out <dir>`:
 * the files of a whole sweep from the shard files of `tcplab sweep --shard`
 * (sweep-shard.ts), byte for byte those a single machine writes. A folder
 * given stands for the shard-*-of-*.json files in it.
 *
 * Exit codes: 0 done; 1 writing failed; 2 usage error, invalid sweep, or
 * shards that do not make up the sweep (nothing is written then).
 */
import { readArgs } from './args';
import { errorText } from './file-error';
import type { CliIo } from './main';
import { loadSweep, writeSweepFiles } from './sweep-main';
import { mergeShards, type ShardInput } from './sweep-shard';

export interface MergeIo extends CliIo {
  /** The names in a folder, or null when `path` is not a folder. */
  readDir(path: string): Promise<string[] | null>;
}

export const MERGE_USAGE = 'usage: tcplab sweep merge <sweep.json> <shard.json | folder>… --out <dir> [--summary]';

const HELP = `${MERGE_USAGE}

Combines the shard files written by "tcplab sweep <sweep.json> --shard k/n"
(every k from 1 to n, in any order) into runs.csv, table.csv and ttest.csv,
the same bytes as running the whole sweep on one machine. A folder stands for
the shard-*-of-*.json files in it. The sweep file must be the one the shards
were run from.

  --out <dir>   folder for the CSV files (required)
  --summary     also print the table on stdout
`;

const SHARD_FILE = /^shard-\d+-of-\d+\.json$/;

export async function mergeMain(argv: string[], io: MergeIo): Promise<number> {
  const read = readArgs(argv, {
    out: { type: 'string' },
    summary: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  const usage = (message: string) => {
    io.stderr(`sweep merge: ${message}\n${MERGE_USAGE}\n`);
    return 2;
  };
  if ('error' in read) return usage(read.error);
  if (read.values.help === true) {
    io.stdout(HELP);
    return 0;
  }
  const [file, ...sources] = read.positionals;
  const out = read.values.out as string | undefined;
  if (file === undefined) return usage('no sweep file given');
  if (sources.length === 0) return usage('no shard files given');
  if (out === undefined) return usage('--out <dir> is required');

  const sweep = await loadSweep(file, io, MERGE_USAGE);
  if (typeof sweep === 'number') return sweep;
  const inputs: ShardInput[] = [];
  try {
    for (const source of sources) {
      const names = await io.readDir(source);
      const files =
        names === null
          ? [source]
          : names
              .filter((n) => SHARD_FILE.test(n))
              .sort()
              .map((n) => `${source.replace(/[/\\]$/, '')}/${n}`);
      if (files.length === 0) return usage(`${source} holds no shard-*-of-*.json file`);
      for (const f of files) inputs.push({ source: f, text: await io.readFile(f) });
    }
  } catch (e) {
    return usage(`cannot read a shard: ${errorText(e)}`);
  }
  const merged = mergeShards(sweep, inputs);
  if ('error' in merged) {
    io.stderr(`sweep merge: ${merged.error}\n`);
    return 2;
  }
  return writeSweepFiles(
    sweep,
    merged.values,
    out,
    read.values.summary === true,
    io,
    `${inputs.length} shards, ${merged.values.length} runs`,
  );
}
