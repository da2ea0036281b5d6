/**
 * The runner's five output files, written as the run produces them: each goes
 * to `<name>.partial` in the output folder while the run lasts, and all are
 * renamed into place only when the run has finished, so a run that fails (or
 * is interrupted) never leaves a mix of new and old files, or a truncated one
 * under the real name. On failure the partial files are removed. Extra files
 * asked for (the packet capture, ns-2's trace and script) go the same way.
 */
import type { CsvFileName } from '../engine/output/csv';
import { CSV_FILE_NAMES } from '../engine/output/csv';
import type { CsvSink } from '../engine/output/csv-stream';

/** One file being written piece by piece. */
export interface FileWriter {
  /**
   * Text is written as UTF-8; bytes as they are (the packet capture, the
   * sampled files' rows). The bytes are the caller's again once it returns.
   */
  write(data: string | Uint8Array): void;
  close(): void;
  /** the file's descriptor, where it has one another thread may write to (sample-writer.ts) */
  readonly fd?: number;
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
  private readonly writers = new Map<string, FileWriter>();
  /** summary.csv's text, kept for --summary (one row per flow: small) */
  summary = '';

  private readonly names: readonly string[];

  private constructor(
    private readonly io: OutputIo,
    private readonly dir: string,
    extra: readonly string[],
  ) {
    this.names = [...CSV_FILE_NAMES, ...extra];
  }

  /** Create the folder and open the five partial files, and one per extra file name. */
  static async open(io: OutputIo, dir: string, extra: readonly string[] = []): Promise<OutputFiles> {
    await io.mkdir(dir);
    const out = new OutputFiles(io, dir, extra);
    try {
      for (const name of out.names) out.writers.set(name, io.createWriter(out.partial(name)));
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

  writeBytes(file: CsvFileName, bytes: Uint8Array): void {
    if (bytes.length > 0) this.writers.get(file)!.write(bytes);
  }

  /**
   * The descriptor of one of the five files, for a writer thread that takes
   * over its writing (sample-writer.ts); undefined where the io has none.
   */
  descriptor(file: CsvFileName): number | undefined {
    return this.writers.get(file)?.fd;
  }

  /** Append to one of the extra files named when opening. */
  writeExtra(name: string, data: string | Uint8Array): void {
    const w = this.writers.get(name);
    if (!w || CSV_FILE_NAMES.includes(name as CsvFileName)) throw new Error(`${name} was not opened as an extra file`);
    w.write(data);
  }

  /** Close every file and move it into place. */
  async commit(): Promise<void> {
    this.closeAll();
    for (const name of this.names) await this.io.rename(this.partial(name), joinPath(this.dir, name));
  }

  /** Close and remove every partial file (errors on the way are ignored: this runs after another). */
  async discard(): Promise<void> {
    try {
      this.closeAll();
    } catch {
      // already failing
    }
    for (const name of this.names) {
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

  private partial(name: string): string {
    return joinPath(this.dir, `${name}.partial`);
  }
}
