import { describe, expect, it } from 'vitest';
import { describeValue, parseBandwidth, parseBytes, parseTime } from './units';

function value(r: ReturnType<typeof parseBandwidth>): number {
  if (!r.ok) throw new Error(`expected ok, got: ${r.message}`);
  return r.value;
}
function message(r: ReturnType<typeof parseBandwidth>): string {
  if (r.ok) throw new Error(`expected a problem, got ${r.value}`);
  return r.message;
}

describe('parseBandwidth', () => {
  it.each([
    [10_000_000, 10_000_000],
    [1500000, 1500000],
    ['1500000', 1500000],
    ['10Mbps', 10e6],
    ['1.5Mbps', 1.5e6],
    ['1.5 Mbps', 1.5e6],
    [' 2Mbps ', 2e6],
    ['800kbps', 800e3],
    ['800Kbps', 800e3],
    ['800kb', 800e3],
    ['800Kb', 800e3],
    ['10Mb', 10e6],
    ['1Gb', 1e9],
    ['1Gbps', 1e9],
    ['10Mbit/s', 10e6],
    ['64kbit/s', 64e3],
    ['9600bps', 9600],
    ['9600bit/s', 9600],
    ['10mbps', 10e6],
    ['1e3kbps', 1e6],
    ['.5Mbps', 5e5],
    ['2.Mbps', 2e6],
    ['+3Mbps', 3e6],
    ['1.1Mbps', 1_100_000],
    ['0.3Mbps', 300_000],
  ])('%j is %d bit/s', (input, expected) => {
    expect(value(parseBandwidth(input))).toBe(expected);
  });

  it('names the accepted form and echoes what was given for an unknown unit', () => {
    const m = message(parseBandwidth('10 furlongs'));
    expect(m).toContain('must be a bandwidth such as "10Mbps" or a number of bit/s (got "10 furlongs")');
    expect(m).toContain('known units: bps, kbps, Mbps, Gbps');
  });

  it('refuses bytes per second instead of guessing a factor of 8', () => {
    expect(message(parseBandwidth('10MBps'))).toMatch(/bandwidths are in bits.*"MBps".*\(got "10MBps"\)/);
    expect(message(parseBandwidth('1MB'))).toMatch(/bits/);
  });

  it.each([
    [0, 'must be greater than 0 (got 0)'],
    ['0Mbps', 'must be greater than 0 (got "0Mbps")'],
    [-5, 'must be greater than 0 (got a negative bandwidth: -5)'],
    ['-10Mbps', 'must be greater than 0 (got a negative bandwidth: "-10Mbps")'],
    [Number.NaN, 'and finite (got NaN)'],
    [Number.POSITIVE_INFINITY, 'and finite (got Infinity)'],
    ['1e400bps', 'is too large (got "1e400bps")'],
    ['', '(got "")'],
    ['   ', '(got "   ")'],
    ['NaN', '(got "NaN")'],
    ['Infinity', '(got "Infinity")'],
    ['Mbps', '(got "Mbps")'],
    ['1,5Mbps', '(got "1,5Mbps")'],
    ['0x10', '(got "0x10")'],
    [true, '(got true)'],
    [null, '(got null)'],
    [[10], '(got a list)'],
    [{ value: 10 }, '(got an object)'],
    [undefined, 'is required'],
  ])('rejects %j', (input, expected) => {
    expect(message(parseBandwidth(input))).toContain(expected);
  });

  it('accepts zero or negatives only when asked to', () => {
    expect(value(parseBandwidth(0, 'nonnegative'))).toBe(0);
    expect(value(parseBandwidth('-1kbps', 'any'))).toBe(-1000);
    expect(Object.is(value(parseBandwidth('-0', 'nonnegative')), 0)).toBe(true);
  });
});

describe('parseTime', () => {
  it.each([
    [0.01, 0.01],
    [0, 0],
    ['0', 0],
    ['3', 3],
    ['10ms', 0.01],
    ['1ms', 0.001],
    ['0.1ms', 0.0001],
    ['2.5s', 2.5],
    ['2 s', 2],
    ['1sec', 1],
    ['250us', 0.00025],
    ['250µs', 0.00025], // MICRO SIGN
    ['250μs', 0.00025], // GREEK SMALL LETTER MU
    ['100ns', 1e-7],
    ['2min', 120],
    ['1.5min', 90],
    ['10MS', 0.01],
    ['1e-3s', 0.001],
  ])('%j is %d s', (input, expected) => {
    expect(value(parseTime(input))).toBe(expected);
  });

  it.each([
    ['10 parsecs', 'must be a time such as "10ms" or a number of seconds (got "10 parsecs"); known units: s, ms'],
    ['10m', 'known units'],
    ['10h', 'known units'],
    [-1, 'must be 0 or more (got a negative time: -1)'],
    ['-5ms', 'must be 0 or more (got a negative time: "-5ms")'],
    [Number.NaN, '(got NaN)'],
    ['', '(got "")'],
    [false, '(got false)'],
  ])('rejects %j', (input, expected) => {
    expect(message(parseTime(input))).toContain(expected);
  });

  it('rejects zero where a time must be positive', () => {
    expect(message(parseTime('0ms', 'positive'))).toBe('must be greater than 0 (got "0ms")');
  });
});

describe('parseBytes', () => {
  it.each([
    [1000, 1000],
    ['1000', 1000],
    ['1000B', 1000],
    ['1500 bytes', 1500],
    ['64kB', 64_000],
    ['64KB', 64_000],
    ['3MB', 3_000_000],
    ['1.1MB', 1_100_000],
    ['1GB', 1e9],
    ['64KiB', 65_536],
    ['1.5KiB', 1536],
    ['2MiB', 2 * 1024 * 1024],
    ['1GiB', 1024 ** 3],
  ])('%j is %d bytes', (input, expected) => {
    expect(value(parseBytes(input))).toBe(expected);
  });

  it('refuses a lowercase b, which reads as bits', () => {
    expect(message(parseBytes('64kb'))).toMatch(/capital B.*"kb" reads as bits \(got "64kb"\)/);
    expect(message(parseBytes('100b'))).toMatch(/bits/);
  });

  it.each([
    ['3 stones', 'must be a size such as "64KB" or a number of bytes (got "3 stones"); known units: B, kB'],
    [0, 'must be greater than 0 (got 0)'],
    [-1, 'got a negative size: -1'],
    [{}, '(got an object)'],
  ])('rejects %j', (input, expected) => {
    expect(message(parseBytes(input))).toContain(expected);
  });
});

describe('describeValue', () => {
  it.each([
    ['abc', '"abc"'],
    [5, '5'],
    [-0, '0'],
    [Number.NaN, 'NaN'],
    [null, 'null'],
    [undefined, 'nothing'],
    [[1, 2], 'a list'],
    [{ a: 1 }, 'an object'],
    [true, 'true'],
  ])('%j reads as %s', (input, expected) => {
    expect(describeValue(input)).toBe(expected);
  });

  it('names the type of anything else', () => {
    expect(describeValue(10n)).toBe('a bigint');
    expect(describeValue(() => 1)).toBe('a function');
  });

  it('shortens long strings', () => {
    const shown = describeValue('x'.repeat(1000));
    expect(shown.length).toBeLessThan(70);
    expect(shown.endsWith('..."')).toBe(true);
  });
});
