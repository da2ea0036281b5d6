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
} as const;
