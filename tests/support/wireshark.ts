/**
 * Wireshark's own dissectors and TCP analysis, as a library: @goodtools/wiregasm
 * (Wireshark compiled to WebAssembly, a test-only dependency), so the packet
 * capture is checked by the tool researchers open it in on every machine,
 * whether or not tshark is installed. A capture is dissected once; questions
 * are display filters, answered with the number of frames that match.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

interface Frames {
  matched: number;
}
interface Session {
  load(): { code: number };
  getFrames(filter: string, skip: number, limit: number): Frames;
  delete(): void;
}
interface Wiregasm {
  FS: { writeFile(path: string, data: Uint8Array): void };
  DissectSession: new (path: string) => Session;
  init(): boolean;
  checkFilter(filter: string): { ok: boolean; error: string };
}

let lib: Promise<Wiregasm> | null = null;

function load(): Promise<Wiregasm> {
  if (lib) return lib;
  const require = createRequire(import.meta.url);
  const dist = dirname(require.resolve('@goodtools/wiregasm/dist/wiregasm.js'));
  lib = (async () => {
    const mod = (await import(join(dist, 'wiregasm.js'))) as { default: (o: object) => Promise<Wiregasm> };
    const wg = await mod.default({
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.data') || path.endsWith('.wasm') ? join(dist, path) : prefix + path,
      print: () => undefined,
      printErr: () => undefined,
      handleStatus: () => undefined,
    });
    wg.init();
    return wg;
  })();
  return lib;
}

let files = 0;

/** Dissect a capture; `count(filter)` is how many frames match a display filter. */
export async function dissect(pcap: Uint8Array): Promise<{ count(filter: string): number; close(): void }> {
  const wg = await load();
  const path = `/uploads/capture-${files++}.pcap`;
  wg.FS.writeFile(path, pcap);
  const session = new wg.DissectSession(path);
  const r = session.load();
  if (r.code !== 0) throw new Error(`Wireshark could not read the capture (code ${r.code})`);
  return {
    count(filter: string): number {
      const ok = wg.checkFilter(filter);
      if (!ok.ok) throw new Error(`bad display filter "${filter}": ${ok.error}`);
      return session.getFrames(filter, 0, 0).matched;
    },
    close: () => session.delete(),
  };
}
