import { describe, expect, it } from 'vitest';
import { SvgRecorder } from './svg-recorder';

describe('SvgRecorder', () => {
  it('records strokes, fills and text in the translated frame', () => {
    const r = new SvgRecorder();
    r.translate(10, 20);
    r.beginPath();
    r.moveTo(0, 0);
    r.lineTo(5, 5);
    r.strokeStyle = '#0072B2';
    r.lineWidth = 2;
    r.setLineDash([4, 2]);
    r.stroke();
    r.fillStyle = '#ff0000';
    r.fillRect(1, 2, 3, 4);
    r.fillText('a < b', 0, 0);
    const m = r.markup();
    expect(m).toContain('<path d="M10 20L15 25" fill="none" stroke="#0072B2" stroke-width="2"');
    expect(m).toContain('stroke-dasharray="4 2"');
    expect(m).toContain('<rect x="11" y="22" width="3" height="4" fill="#ff0000"/>');
    expect(m).toContain('>a &lt; b</text>');
    expect(r.elementCount).toBe(3);
  });

  it('turns a rectangular clip into a clip path and restores the state', () => {
    const r = new SvgRecorder();
    r.save();
    r.beginPath();
    r.rect(0, 0, 100, 50);
    r.clip();
    r.globalAlpha = 0.5;
    r.fillRect(0, 0, 10, 10);
    r.restore();
    r.fillRect(0, 0, 10, 10);
    const m = r.markup();
    expect(m).toMatch(/<clipPath id="(rec\d+-clip0)"><rect x="0" y="0" width="100" height="50"\/><\/clipPath>/);
    expect(m).toMatch(/opacity="0.5" clip-path="url\(#rec\d+-clip0\)"/);
    // after restore: no clip, no alpha
    expect(m.endsWith('<rect x="0" y="0" width="10" height="10" fill="#000000"/>')).toBe(true);
  });

  it('draws a full circle as two arcs (d3 symbolCircle)', () => {
    const r = new SvgRecorder();
    r.beginPath();
    r.moveTo(3, 0);
    r.arc(0, 0, 3, 0, 2 * Math.PI);
    r.fill();
    expect(r.markup()).toContain('A3 3 0 1 1 -3 0A3 3 0 1 1 3 0');
  });
});
