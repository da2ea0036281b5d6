/**
 * @stdlib/assert-has-generator-support for the page: the original probes the
 * JavaScript engine with eval(), which the page's Content-Security-Policy
 * forbids (the probe is caught, but still reported as a violation). Every
 * browser the page targets (ES2022) has generators, so the answer is known.
 * Swapped in by vite.config.ts; Node keeps the original.
 */
'use strict';

module.exports = function hasGeneratorSupport() {
  return true;
};
