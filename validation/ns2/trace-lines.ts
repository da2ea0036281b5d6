/**
 * The lines of an ns-2 packet trace (`trace.tr`, or the engine's `out.tr`)
 * that say what was lost and what was sent again: every `d` line, the `+`
 * that ns-2 writes before a queue's drop, every line of a retransmitted
 * data packet on its first hop (a `tcp` packet whose flow and sequence number
 * left their source before), and the `v` lines of a link going down or up
 * (`v <time> link-down <from> <to>`, ns-2's rtmodel). The reference (reference/traces/<case>.tr) keeps
 * these lines of ns-2's own trace for a few cases; tests/ns2-trace.test.ts
 * checks that the engine's trace has the same ones.
 */
export function dropAndRetransmitLines(trace: string): string[] {
  const out: string[] = [];
  const sent = new Set<string>();
  const retx = new Set<string>();
  const lines = trace.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('v ')) {
      out.push(line);
      continue;
    }
    if (line === '' || line.split(' ').length !== 12) continue;
    const f = line.split(' ');
    const [ev, , from, , type, , , fid, src, , seq, uid] = f;
    const firstHop = src.split('.')[0] === from;
    if (type === 'tcp' && firstHop && (ev === '+' || ev === 'd') && !retx.has(uid)) {
      const key = `${fid}:${seq}`;
      if (sent.has(key)) retx.add(uid);
      sent.add(key);
    }
    const dropNext = ev === '+' && lines[i + 1]?.startsWith('d ') && lines[i + 1].split(' ')[11] === uid;
    if (ev === 'd' || dropNext || (retx.has(uid) && firstHop)) out.push(line);
  }
  return out;
}

/** Two trace lines agree: every field equal, times within ns-2's rounding (1 µs). */
export function sameTraceLine(a: string, b: string): boolean {
  const x = a.split(' ');
  const y = b.split(' ');
  if (x.length !== y.length) return false;
  if (Math.abs(Number(x[1]) - Number(y[1])) > 1.5e-6) return false;
  return x.every((v, i) => i === 1 || v === y[i]);
}
