/**
 * The part of the canvas 2D API the charts draw with (Ctx2D), and a
 * recorder of the same API that writes SVG elements instead of pixels. The
 * charts paint their data through Ctx2D, so one painting routine fills the
 * on-screen canvas and, for "Save SVG", a vector copy for slides and papers
 * (chart-export.ts).
 *
 * The recorder supports what the charts use: translate/scale transforms,
 * save/restore, rectangular clips, paths of lines, rectangles and arcs,
 * stroke and fill with dashes and alpha, filled rectangles and text.
 */

/** What the charts' painting routines may call on a context. */
export interface Ctx2D {
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  globalAlpha: number;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  lineJoin: CanvasLineJoin;
  lineCap: CanvasLineCap;
  lineDashOffset: number;
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
  rect(x: number, y: number, w: number, h: number): void;
  arc(x: number, y: number, r: number, a0: number, a1: number, ccw?: boolean): void;
  clip(): void;
  stroke(): void;
  fill(): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  setLineDash(segments: readonly number[]): void;
}

interface State {
  /** transform: x' = sx·x + tx, y' = sy·y + ty (the charts only translate and scale) */
  sx: number;
  sy: number;
  tx: number;
  ty: number;
  fillStyle: string;
  strokeStyle: string;
  lineWidth: number;
  globalAlpha: number;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  dash: number[];
  /** id of the clip path in force, or '' */
  clip: string;
}

const r2 = (v: number) => String(Math.round(v * 100) / 100);

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

let nextRecorder = 0;

export class SvgRecorder implements Ctx2D {
  private state: State = {
    sx: 1,
    sy: 1,
    tx: 0,
    ty: 0,
    fillStyle: '#000000',
    strokeStyle: '#000000',
    lineWidth: 1,
    globalAlpha: 1,
    font: '10px sans-serif',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    dash: [],
    clip: '',
  };
  private readonly stack: State[] = [];
  private readonly parts: string[] = [];
  private readonly defs: string[] = [];
  private path = '';
  /** the current path's rectangles, for clip() */
  private pathRects: [number, number, number, number][] = [];
  private clips = 0;
  private readonly prefix = `rec${nextRecorder++}`;
  lineJoin: CanvasLineJoin = 'round';
  lineCap: CanvasLineCap = 'butt';
  lineDashOffset = 0;

  get fillStyle(): string {
    return this.state.fillStyle;
  }
  set fillStyle(v: string | CanvasGradient | CanvasPattern) {
    this.state.fillStyle = String(v);
  }
  get strokeStyle(): string {
    return this.state.strokeStyle;
  }
  set strokeStyle(v: string | CanvasGradient | CanvasPattern) {
    this.state.strokeStyle = String(v);
  }
  get lineWidth(): number {
    return this.state.lineWidth;
  }
  set lineWidth(v: number) {
    this.state.lineWidth = v;
  }
  get globalAlpha(): number {
    return this.state.globalAlpha;
  }
  set globalAlpha(v: number) {
    this.state.globalAlpha = v;
  }
  get font(): string {
    return this.state.font;
  }
  set font(v: string) {
    this.state.font = v;
  }
  get textAlign(): CanvasTextAlign {
    return this.state.textAlign;
  }
  set textAlign(v: CanvasTextAlign) {
    this.state.textAlign = v;
  }
  get textBaseline(): CanvasTextBaseline {
    return this.state.textBaseline;
  }
  set textBaseline(v: CanvasTextBaseline) {
    this.state.textBaseline = v;
  }

  save(): void {
    this.stack.push({ ...this.state, dash: [...this.state.dash] });
  }

  restore(): void {
    const s = this.stack.pop();
    if (s) this.state = s;
  }

  translate(x: number, y: number): void {
    this.state.tx += this.state.sx * x;
    this.state.ty += this.state.sy * y;
  }

  setTransform(a: number, _b: number, _c: number, d: number, e: number, f: number): void {
    Object.assign(this.state, { sx: a, sy: d, tx: e, ty: f });
  }

  private X(x: number): string {
    return r2(this.state.sx * x + this.state.tx);
  }

  private Y(y: number): string {
    return r2(this.state.sy * y + this.state.ty);
  }

  beginPath(): void {
    this.path = '';
    this.pathRects = [];
  }

  moveTo(x: number, y: number): void {
    this.path += `M${this.X(x)} ${this.Y(y)}`;
  }

  lineTo(x: number, y: number): void {
    this.path += `L${this.X(x)} ${this.Y(y)}`;
  }

  closePath(): void {
    this.path += 'Z';
  }

  rect(x: number, y: number, w: number, h: number): void {
    this.path += `M${this.X(x)} ${this.Y(y)}h${r2(w * this.state.sx)}v${r2(h * this.state.sy)}h${r2(-w * this.state.sx)}Z`;
    this.pathRects.push([this.state.sx * x + this.state.tx, this.state.sy * y + this.state.ty, w * this.state.sx, h * this.state.sy]);
  }

  arc(x: number, y: number, r: number, a0: number, a1: number, ccw = false): void {
    const s = this.state.sx;
    const R = r2(r * s);
    const point = (a: number) => `${this.X(x + r * Math.cos(a))} ${this.Y(y + r * Math.sin(a))}`;
    let sweep = ccw ? a0 - a1 : a1 - a0;
    if (sweep >= 2 * Math.PI - 1e-9) {
      // a full circle: two half arcs
      const mid = ccw ? a0 - Math.PI : a0 + Math.PI;
      this.path += `${this.path ? 'L' : 'M'}${point(a0)}A${R} ${R} 0 1 ${ccw ? 0 : 1} ${point(mid)}A${R} ${R} 0 1 ${ccw ? 0 : 1} ${point(a0)}`;
      return;
    }
    sweep = ((sweep % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    this.path += `${this.path ? 'L' : 'M'}${point(a0)}A${R} ${R} 0 ${sweep > Math.PI ? 1 : 0} ${ccw ? 0 : 1} ${point(a1)}`;
  }

  clip(): void {
    const [r] = this.pathRects;
    if (!r) return;
    const id = `${this.prefix}-clip${this.clips++}`;
    this.defs.push(`<clipPath id="${id}"><rect x="${r2(r[0])}" y="${r2(r[1])}" width="${r2(r[2])}" height="${r2(r[3])}"/></clipPath>`);
    this.state.clip = id;
  }

  private common(): string {
    const s = this.state;
    return `${s.globalAlpha < 1 ? ` opacity="${r2(s.globalAlpha)}"` : ''}${s.clip ? ` clip-path="url(#${s.clip})"` : ''}`;
  }

  stroke(): void {
    if (!this.path) return;
    const s = this.state;
    const dash = s.dash.length ? ` stroke-dasharray="${s.dash.map((d) => r2(d * s.sx)).join(' ')}"` : '';
    this.parts.push(
      `<path d="${this.path}" fill="none" stroke="${escapeXml(s.strokeStyle)}" stroke-width="${r2(s.lineWidth * s.sx)}" stroke-linejoin="${this.lineJoin}" stroke-linecap="${this.lineCap}"${dash}${this.common()}/>`,
    );
  }

  fill(): void {
    if (!this.path) return;
    this.parts.push(`<path d="${this.path}" fill="${escapeXml(this.state.fillStyle)}"${this.common()}/>`);
  }

  fillRect(x: number, y: number, w: number, h: number): void {
    this.parts.push(
      `<rect x="${this.X(x)}" y="${this.Y(y)}" width="${r2(w * this.state.sx)}" height="${r2(h * this.state.sy)}" fill="${escapeXml(this.state.fillStyle)}"${this.common()}/>`,
    );
  }

  clearRect(): void {
    // An SVG starts empty: nothing to clear.
  }

  fillText(text: string, x: number, y: number): void {
    const s = this.state;
    const anchor = s.textAlign === 'right' || s.textAlign === 'end' ? 'end' : s.textAlign === 'center' ? 'middle' : 'start';
    const size = /([\d.]+)px/.exec(s.font)?.[1] ?? '10';
    const baseline = s.textBaseline === 'middle' ? ' dominant-baseline="middle"' : s.textBaseline === 'top' ? ' dominant-baseline="hanging"' : '';
    this.parts.push(
      `<text x="${this.X(x)}" y="${this.Y(y)}" fill="${escapeXml(s.fillStyle)}" font-size="${r2(Number(size) * s.sx)}" font-family="system-ui, sans-serif" text-anchor="${anchor}"${baseline}${this.common()}>${escapeXml(text)}</text>`,
    );
  }

  setLineDash(segments: readonly number[]): void {
    this.state.dash = [...segments];
  }

  /** Everything drawn, as SVG markup: a <defs> (clips) and the elements, in order. */
  markup(): string {
    return `${this.defs.length ? `<defs>${this.defs.join('')}</defs>` : ''}${this.parts.join('')}`;
  }

  /** Number of elements drawn (for tests). */
  get elementCount(): number {
    return this.parts.length;
  }
}
