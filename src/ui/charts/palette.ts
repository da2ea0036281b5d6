/**
 * Okabe–Ito palette (Okabe & Ito, "Color Universal Design", 2008): eight
 * colours that stay distinct for the common forms of colour blindness. Lines
 * also differ by dash and markers by shape, so nothing relies on colour alone
 * (a projector washes colours out too).
 */
export const OKABE_ITO = {
  black: '#000000',
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
} as const;

/** What each quantity is drawn in, everywhere on the page. */
export const SERIES_COLOURS = {
  cwnd: OKABE_ITO.blue,
  ssthresh: OKABE_ITO.vermillion,
  fastRetransmit: OKABE_ITO.orange,
  timeout: OKABE_ITO.black,
  queue: OKABE_ITO.bluishGreen,
  redAvg: OKABE_ITO.reddishPurple,
  limit: '#8a8f98',
  recovery: OKABE_ITO.orange,
  variantTrace: OKABE_ITO.bluishGreen,
  retransmit: OKABE_ITO.vermillion,
  ack: OKABE_ITO.bluishGreen,
  drop: OKABE_ITO.black,
  sent: OKABE_ITO.blue,
} as const;

/** Colour and dash of flow number `i` where several flows share a chart: 7 colours, then dashes. */
const FLOW_COLOURS = [OKABE_ITO.blue, OKABE_ITO.vermillion, OKABE_ITO.bluishGreen, OKABE_ITO.orange, OKABE_ITO.reddishPurple, OKABE_ITO.skyBlue, OKABE_ITO.black];
const FLOW_DASHES = [undefined, '6 3', '2 3', '8 3 2 3'];

export function flowStyle(i: number): { colour: string; dash: string | undefined } {
  const n = FLOW_COLOURS.length;
  return { colour: FLOW_COLOURS[i % n], dash: FLOW_DASHES[Math.floor(i / n) % FLOW_DASHES.length] };
}
