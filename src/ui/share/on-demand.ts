/**
 * The share links as the page fetches them, by `import()` (src/main.tsx, the
 * Copy link button, a link pasted into the address): opening a link and
 * keeping the address in step need the scenario loader and fflate's
 * deflate, neither of which is part of the page's first load.
 */
export { applyShareHash, currentShareState, shareUrl } from './apply';
export { keepAddress } from './address';
