/**
 * How each protocol event kind is marked on the charts: a shape and colour
 * per kind (events.csv names), so a student can tell a fast retransmit from a
 * timeout from a drop at a glance, in black and white too. Hovering a marker
 * shows the event's caption (axis-input.ts).
 *
 * Flow events sit on the flow's cwnd at the moment of the event; link events
 * (link_down, link_up) on the time axis of every flow's chart.
 */
import {
  symbolAsterisk,
  symbolCircle,
  symbolCross,
  symbolDiamond,
  symbolDiamond2,
  symbolPlus,
  symbolSquare,
  symbolSquare2,
  symbolStar,
  symbolTriangle,
  symbolTriangle2,
  symbolWye,
  symbolX,
} from 'd3';
import type { MarkerStyle } from './chart-spec';
import { PALETTE, SERIES_COLOURS } from './palette';

const NONE = 'none';

/** Sizes are areas in px² at a 16 px root font size. */
export const EVENT_MARKER_STYLES: Record<string, MarkerStyle> = {
  drop: { symbol: symbolCircle, fill: '#ffffff', stroke: PALETTE.vermillion, strokeWidth: 1.75, size: 42 },
  // black edge: the light orange fill alone would be 2.2:1 on white
  fast_retransmit: {
    symbol: symbolTriangle,
    fill: SERIES_COLOURS.fastRetransmit,
    stroke: PALETTE.black,
    strokeWidth: 1,
    size: 80,
  },
  // d3's X is drawn by its stroke alone
  timeout: { symbol: symbolX, fill: NONE, stroke: SERIES_COLOURS.timeout, strokeWidth: 2.5, size: 110 },
  recovery_enter: { symbol: symbolDiamond, fill: PALETTE.orange, stroke: NONE, strokeWidth: 0, size: 56 },
  recovery_exit: { symbol: symbolDiamond2, fill: NONE, stroke: PALETTE.orange, strokeWidth: 1.75, size: 56 },
  partial_ack: { symbol: symbolWye, fill: PALETTE.bluishGreen, stroke: NONE, strokeWidth: 0, size: 64 },
  ss_exit: { symbol: symbolStar, fill: PALETTE.reddishPurple, stroke: NONE, strokeWidth: 0, size: 72 },
  retransmit: { symbol: symbolSquare2, fill: NONE, stroke: PALETTE.vermillion, strokeWidth: 1.75, size: 46 },
  complete: { symbol: symbolSquare, fill: PALETTE.black, stroke: NONE, strokeWidth: 0, size: 40 },
  link_down: { symbol: symbolTriangle2, fill: NONE, stroke: PALETTE.black, strokeWidth: 2, size: 72 },
  link_up: { symbol: symbolPlus, fill: NONE, stroke: PALETTE.black, strokeWidth: 2, size: 72 },
  // BBR's states: one shape, filled as the state asks more (STARTUP) or less (PROBE_RTT) of the path
  bbr_startup: { symbol: symbolSquare, fill: PALETTE.skyBlue, stroke: PALETTE.black, strokeWidth: 1, size: 56 },
  bbr_drain: { symbol: symbolSquare2, fill: NONE, stroke: PALETTE.skyBlue, strokeWidth: 2, size: 56 },
  bbr_probe_bw: { symbol: symbolSquare, fill: PALETTE.bluishGreen, stroke: PALETTE.black, strokeWidth: 1, size: 56 },
  bbr_probe_rtt: { symbol: symbolSquare2, fill: NONE, stroke: PALETTE.blue, strokeWidth: 2, size: 56 },
  hystart_css: { symbol: symbolStar, fill: NONE, stroke: PALETTE.reddishPurple, strokeWidth: 1.5, size: 72 },
  hystart_resume: { symbol: symbolStar, fill: PALETTE.skyBlue, stroke: NONE, strokeWidth: 0, size: 72 },
  // ECN: a packet marked where it would have been dropped, the receiver's echo, the sender's one reduction
  ecn_mark: { symbol: symbolCross, fill: PALETTE.reddishPurple, stroke: PALETTE.black, strokeWidth: 0.75, size: 56 },
  ecn_echo: { symbol: symbolAsterisk, fill: NONE, stroke: PALETTE.reddishPurple, strokeWidth: 1.75, size: 56 },
  cwr: { symbol: symbolTriangle, fill: PALETTE.reddishPurple, stroke: PALETTE.black, strokeWidth: 1, size: 72 },
};
