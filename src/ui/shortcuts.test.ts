import { describe, expect, it } from 'vitest';
import { shortcutFor, type KeyLike } from './shortcuts';

const key = (k: string, over: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  repeat: false,
  targetTag: 'BODY',
  targetEditable: false,
  ...over,
});

describe('shortcutFor', () => {
  it('maps space, s and r', () => {
    expect(shortcutFor(key(' '))).toBe('togglePlay');
    expect(shortcutFor(key('s'))).toBe('step');
    expect(shortcutFor(key('S'))).toBe('step');
    expect(shortcutFor(key('r'))).toBe('reset');
    expect(shortcutFor(key('x'))).toBeNull();
  });

  it('maps p to the presenter layout and f to fullscreen', () => {
    expect(shortcutFor(key('p'))).toBe('presenter');
    expect(shortcutFor(key('P'))).toBe('presenter');
    expect(shortcutFor(key('f'))).toBe('fullscreen');
    expect(shortcutFor(key('p', { targetTag: 'INPUT' }))).toBeNull();
    expect(shortcutFor(key('f', { ctrlKey: true }))).toBeNull();
  });

  it('leaves typing and native controls alone', () => {
    expect(shortcutFor(key('s', { targetTag: 'INPUT' }))).toBeNull();
    expect(shortcutFor(key('r', { targetTag: 'SELECT' }))).toBeNull();
    expect(shortcutFor(key('s', { targetEditable: true }))).toBeNull();
    expect(shortcutFor(key(' ', { targetTag: 'BUTTON' }))).toBeNull();
    expect(shortcutFor(key('s', { targetTag: 'BUTTON' }))).toBe('step');
  });

  it('ignores modified and repeated keys', () => {
    expect(shortcutFor(key('r', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key('r', { metaKey: true }))).toBeNull();
    expect(shortcutFor(key(' ', { repeat: true }))).toBeNull();
  });
});
