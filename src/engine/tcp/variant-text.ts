/**
 * The TCP variants in text: how the field writes each one's name, the
 * words the event captions use for it and the tunables the page offers.
 * Apart from variants.ts (which builds each variant), so that the page can
 * name variants and offer their settings without loading the engine's
 * congestion-control code.
 */
import type { TcpParams, Variant } from '../scenario/types';

/** The groups of variant-specific parameters in a scenario's `tcp` (tcp.vegas, tcp.cubic, …). */
export type TunableGroup = { [K in keyof TcpParams]: TcpParams[K] extends object ? K : never }[keyof TcpParams];

/** A number the page lets a teacher set for this variant: scenario field tcp.<group>.<key>. */
export interface Tunable {
  readonly group: TunableGroup;
  readonly key: string;
  readonly label: string;
  readonly unit?: string;
  /** a value as the page would write it, for messages ("for example 0.7") */
  readonly example: string;
  /** one short line: what it does */
  readonly hint: string;
}

export interface VariantText {
  /** how the field writes it (events' sentences, the page, the presets) */
  readonly label: string;
  /** the captions' words for the window after a fast retransmit (output/describe.ts) */
  readonly lossRule: string;
  /**
   * Why it may retransmit before the third duplicate ACK, when it can
   * (Vegas's fine-grained timer); absent: it cannot.
   */
  readonly earlyRetransmit?: string;
  readonly tunables: readonly Tunable[];
}

const HALF = 'half the window';

const WESTWOOD_TUNABLES: readonly Tunable[] = [
  {
    group: 'westwood',
    key: 'filterTau',
    label: 'Filter τ',
    unit: 's',
    example: '0.5 s',
    hint: 'Bandwidth estimate filter.',
  },
];
const WESTWOOD_RULE = 'ssthresh = bandwidth estimate × minimum RTT, cwnd = min(cwnd, ssthresh)';

export const VARIANT_TEXT: Readonly<Record<Variant, VariantText>> = {
  tahoe: {
    label: 'Tahoe',
    lossRule: HALF,
    tunables: [],
  },
  reno: {
    label: 'Reno',
    lossRule: HALF,
    tunables: [],
  },
  newreno: {
    label: 'NewReno',
    lossRule: HALF,
    tunables: [],
  },
  sack: { label: 'SACK', lossRule: HALF, tunables: [] },
  vegas: {
    label: 'Vegas',
    lossRule: 'Vegas cuts the window to ¾, and only for a segment sent after its last cut',
    earlyRetransmit: "is overdue by Vegas's fine-grained RTT check",
    tunables: [
      {
        group: 'vegas',
        key: 'alpha',
        label: 'Vegas α',
        unit: 'segments',
        example: '1',
        hint: 'Grow while fewer are queued.',
      },
      {
        group: 'vegas',
        key: 'beta',
        label: 'Vegas β',
        unit: 'segments',
        example: '3',
        hint: 'Shrink while more are queued.',
      },
      {
        group: 'vegas',
        key: 'gamma',
        label: 'Vegas γ',
        unit: 'segments',
        example: '1',
        hint: 'Leave slow start above this.',
      },
    ],
  },
  westwood: {
    label: 'Westwood',
    lossRule: WESTWOOD_RULE,
    tunables: WESTWOOD_TUNABLES,
  },
  westwoodnr: {
    label: 'Westwood-NR',
    lossRule: WESTWOOD_RULE,
    tunables: WESTWOOD_TUNABLES,
  },
  cubic: {
    label: 'CUBIC',
    lossRule: 'CUBIC keeps β = 0.7 of the window',
    tunables: [
      { group: 'cubic', key: 'beta', label: 'CUBIC β', example: '0.7', hint: 'Window kept after a loss.' },
      { group: 'cubic', key: 'c', label: 'CUBIC C', unit: 'seg/s³', example: '0.4', hint: 'How fast the cubic grows.' },
    ],
  },
  bbr: {
    label: 'BBR',
    lossRule:
      'BBR does not cut its window for a loss: for one round trip it sends one segment per segment delivered (packet conservation)',
    tunables: [],
  },
  dctcp: {
    label: 'DCTCP',
    lossRule: 'DCTCP halves the window for a loss; for ECN marks it keeps 1 − α/2 of it, α the marked fraction',
    tunables: [
      { group: 'dctcp', key: 'g', label: 'DCTCP g', example: '0.0625', hint: 'Weight of the newest window in α.' },
    ],
  },
};

/** How each variant is written in the field. */
export const VARIANT_LABELS: Readonly<Record<Variant, string>> = Object.fromEntries(
  Object.entries(VARIANT_TEXT).map(([v, d]) => [v, d.label]),
) as Record<Variant, string>;
