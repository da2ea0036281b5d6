/**
 * The runner's five output files, written as the run produces them: each goes
 * to `<name>.partial` in the output folder while the run lasts, and all are
 * renamed into place only when the run has finished, so a run that fails (or
 * is interrupted) never leaves a mix of new and old files, or a truncated one
 * under the real name. On failure the partial files are removed.
 */
import type { CsvFileName } from '../engine/output/csv';
import { CSV_FILE_NAMES } from '../engine/output/csv';
import type { CsvSink } from '../engine/output/csv-stream';

/** One file being written piece by piece. */
export interface FileWriter {
  write(text: string): void;
  close(): void;
}

/** What the runner needs of the file system to write its outputs. */
export interface OutputIo {
  /** Create the folder and its parents; no error if it exists. */
  mkdir(path: string): Promise<void>;
  /** Open (create or empty) a file to write in order. */
  createWriter(path: string): FileWriter;
  rename(from: string, to: string): Promise<void>;
  /** Remove a file; no error if it is gone. */
  remove(path: string): Promise<void>;
}

export function joinPath(dir: string, name: string): string {
  return dir.endsWith('/') || dir.endsWith('\\') ? dir + name : `${dir}/${name}`;
}

export class OutputFiles implements CsvSink {
  private readonly writers = new Map<CsvFileName, FileWriter>();
  /** summary.csv's text, kept for --summary (one row per flow: small) */
  summary = '';

  private constructor(
    private readonly io: OutputIo,
    private readonly dir: string,
  ) {}

  /** Create the folder and open the five partial files. */
  static async open(io: OutputIo, dir: string): Promise<OutputFiles> {
    await io.mkdir(dir);
    const out = new OutputFiles(io, dir);
    try {
      for (const name of CSV_FILE_NAMES) out.writers.set(name, io.createWriter(out.partial(name)));
    } catch (e) {
      await out.discard();
      throw e;
    }
    return out;
  }

  write(file: CsvFileName, text: string): void {
    if (text === '') return;
    if (file === 'summary.csv') this.summary += text;
    this.writers.get(file)!.write(text);
  }

  /** Close every file and move it into place. */
  async commit(): Promise<void> {
    this.closeAll();
    for (const name of CSV_FILE_NAMES) await this.io.rename(this.partial(name), joinPath(this.dir, name));
  }

  /** Close and remove every partial file (errors on the way are ignored: this runs after another). */
  async discard(): Promise<void> {
    try {
      this.closeAll();
    } catch {
      // already failing
    }
    for (const name of CSV_FILE_NAMES) {
      try {
        await this.io.remove(this.partial(name));
      } catch {
        // nothing more to do
      }
    }
  }

  private closeAll(): void {
    const writers = [...this.writers.values()];
    this.writers.clear();
    let first: unknown;
    for (const w of writers) {
      try {
        w.close();
      } catch (e) {
        first ??= e;
      }
    }
    if (first !== undefined) throw first;
  }

  private partial(name: CsvFileName): string {
    return joinPath(this.dir, `${name}.partial`);
  }
}
