/**
 * The delivery traces shipped with the project, by name, for `links[].trace
 * .sample`. They are synthetic, not recordings: each is generated here, on
 * demand and deterministically, from a named random stream — a capacity
 * that wanders in steps as the named kind of link does — and turned into
 * Mahimahi delivery opportunities (one ms timestamp per `MAHIMAHI_MTU`
 * bytes the link can carry, Netravali et al., "Mahimahi", USENIX ATC 2015).
 * `npm run traces` writes the same traces as .mahi files into traces/, for
 * mahimahi's mm-link or for editing.
 *
 * - cellular-commute (120 s): a phone on a train. 1–12 Mb/s, a new level
 *   every 0.5–2 s, and two tunnels where it falls to 0.1–0.3 Mb/s for 3 s.
 * - wifi-fading (60 s): a laptop on a busy Wi-Fi network. 15–40 Mb/s,
 *   with a short fade to a few Mb/s about every 8 s.
 * - steady-10mbps (10 s): exactly 10 Mb/s, 5 deliveries every 6 ms (a
 *   check of the format against a fixed-rate link).
 */
import { rngStream, type Rng } from '../core/rng';

/** Bytes one delivery opportunity carries (Mahimahi's MTU). */
export const MAHIMAHI_MTU = 1500;

type Profile = (t: number, rng: Rng, state: { level: number; until: number }) => number;

/** Mahimahi timestamps for a rate (bit/s) given per ms over `seconds`. */
function opportunities(seconds: number, rate: (ms: number) => number): number[] {
  const out: number[] = [];
  let credit = 0;
  for (let ms = 1; ms <= seconds * 1000; ms++) {
    credit += rate(ms) / 1000 / 8;
    while (credit >= MAHIMAHI_MTU) {
      out.push(ms);
      credit -= MAHIMAHI_MTU;
    }
  }
  return out;
}

function wander(name: string, seconds: number, profile: Profile): number[] {
  const rng = rngStream(0, `trace:${name}`);
  const state = { level: 0, until: 0 };
  return opportunities(seconds, (ms) => profile(ms / 1000, rng, state));
}

const SAMPLES: Record<string, () => number[]> = {
  'cellular-commute': () =>
    wander('cellular-commute', 120, (t, rng, st) => {
      if ((t >= 40 && t < 43) || (t >= 85 && t < 88)) return 0.1e6 + rng.next() * 0.2e6;
      if (t >= st.until) {
        st.level = 1e6 + rng.next() * 11e6;
        st.until = t + 0.5 + rng.next() * 1.5;
      }
      return st.level;
    }),
  'wifi-fading': () =>
    wander('wifi-fading', 60, (t, rng, st) => {
      if (t % 8 >= 7.6) return 2e6 + rng.next() * 3e6;
      if (t >= st.until) {
        st.level = 15e6 + rng.next() * 25e6;
        st.until = t + 0.2 + rng.next() * 0.8;
      }
      return st.level;
    }),
  'steady-10mbps': () => opportunities(10, () => 10e6),
};

/** The names of the shipped traces. */
export const SAMPLE_TRACES = Object.keys(SAMPLES);

const cache = new Map<string, number[]>();

/** A shipped trace's timestamps (ms), or undefined for an unknown name. */
export function sampleTrace(name: string): number[] | undefined {
  if (!Object.hasOwn(SAMPLES, name)) return undefined;
  let ms = cache.get(name);
  if (ms === undefined) {
    ms = SAMPLES[name]();
    cache.set(name, ms);
  }
  return ms;
}
