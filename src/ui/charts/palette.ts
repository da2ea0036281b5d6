/**
 * The colours of data, everywhere on the page (charts, the topology's lanes
 * and packets, lesson and experiment charts).
 *
 * The Okabe–Ito palette (Okabe & Ito, "Color Universal Design", 2008):
 * colours that stay distinct for the common forms of colour blindness. Two
 * of them are too light for a line on white (orange #E69F00 is 2.2:1, sky
 * blue #56B4E9 2.3:1; WCAG 1.4.11 asks 3:1 of graphics one must see), so
 * lines use darker shades of the same hues; the raw orange is kept for fills
 * and shading only. Lines also differ by dash and markers by shape, so
 * nothing relies on colour alone (a projector washes colours out too).
 *
 * The same values are CSS tokens (--data-* in src/ui/tokens.css); a unit
 * test keeps the two equal and checks every contrast.
 */
export const PALETTE = {
  blue: '#0072B2',
  vermillion: '#D55E00',
  bluishGreen: '#009E73',
  /** Okabe–Ito orange darkened to 3.7:1 on white */
  orange: '#B87800',
  /** Okabe–Ito reddish purple darkened to 3.7:1 on white */
  reddishPurple: '#C2649F',
  /** Okabe–Ito sky blue darkened to 3.5:1 on white */
  skyBlue: '#3A8FC7',
  black: '#000000',
  grey: '#76839A',
  /** the raw Okabe–Ito orange, for fills and shading (never a line) */
  orangeFill: '#E69F00',
} as const;

/** The CSS token of each palette colour (tokens.css). */
export const PALETTE_TOKENS: Record<keyof typeof PALETTE, string> = {
  blue: '--data-blue',
  vermillion: '--data-vermillion',
  bluishGreen: '--data-green',
  orange: '--data-orange',
  reddishPurple: '--data-purple',
  skyBlue: '--data-sky',
  black: '--data-black',
  grey: '--data-grey',
  orangeFill: '--data-orange-fill',
};

/** What each quantity is drawn in, everywhere on the page (a flow's own lines use flowStyle). */
export const SERIES_COLOURS = {
  fastRetransmit: PALETTE.orangeFill,
  timeout: PALETTE.black,
  queue: PALETTE.bluishGreen,
  redAvg: PALETTE.reddishPurple,
  /** a queue's delay (sojourn), on the queue chart's right axis; no flow line shares that chart */
  queueDelay: PALETTE.blue,
  /** a link's capacity in force, on the throughput chart */
  capacity: PALETTE.black,
  limit: PALETTE.grey,
  /** receiver window and BDP reference lines */
  reference: PALETTE.grey,
  recovery: PALETTE.orangeFill,
  variantTrace: PALETTE.bluishGreen,
  retransmit: PALETTE.vermillion,
  ack: PALETTE.bluishGreen,
  drop: PALETTE.black,
  sent: PALETTE.blue,
  /** the charts' cursor (event log) */
  cursor: PALETTE.black,
} as const;

/**
 * One colour (then a dash) per flow, by the flow's index in the scenario:
 * the same in every chart, the legends and the topology's packets. Seven
 * colours; sky blue, the one nearest another (blue), always carries a dash.
 */
const FLOW_COLOURS: readonly { colour: string; dash?: string }[] = [
  { colour: PALETTE.blue },
  { colour: PALETTE.vermillion },
  { colour: PALETTE.bluishGreen },
  { colour: PALETTE.orange },
  { colour: PALETTE.reddishPurple },
  { colour: PALETTE.skyBlue, dash: '8 3' },
  { colour: PALETTE.black },
];
const FLOW_DASHES = [undefined, '6 3', '2 3', '8 3 2 3'];

export function flowStyle(flowIndex: number): { colour: string; dash: string | undefined } {
  const n = FLOW_COLOURS.length;
  const base = FLOW_COLOURS[((flowIndex % n) + n) % n];
  return { colour: base.colour, dash: FLOW_DASHES[Math.floor(flowIndex / n) % FLOW_DASHES.length] ?? base.dash };
}
