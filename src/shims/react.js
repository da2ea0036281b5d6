/**
 * `react` as the page sees it: Preact's compatibility layer (vite.config.ts,
 * PREACT, says why), with one difference of Preact's mended so that code
 * written for React behaves the same.
 *
 * tabIndex on SVG elements: React writes it as the `tabindex` attribute;
 * Preact sets SVG attributes under their prop name as given, and an SVG
 * element's attributes are case-sensitive, so `tabIndex` made the topology's
 * nodes and links unfocusable (no keyboard editing). Renamed before Preact
 * sees it; for HTML elements `tabindex` is the same attribute.
 *
 * autoFocus: React focuses such an element when it is first mounted (the
 * HTML attribute acts only while a page loads); Preact only writes the
 * attribute, so a confirm bar's default button was not focused. Done here
 * the React way: focus once, when the element first reaches the page.
 */
import { options } from 'preact';

export * from 'preact/compat';
export { default } from 'preact/compat';

const focused = new WeakSet();

function focusOnMount(ref) {
  return (el) => {
    if (el && !focused.has(el)) {
      focused.add(el);
      el.focus();
    }
    if (typeof ref === 'function') return ref(el);
    if (ref) ref.current = el;
  };
}

const next = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props;
  if (typeof vnode.type === 'string' && props) {
    if ('tabIndex' in props) {
      props.tabindex = props.tabIndex;
      delete props.tabIndex;
    }
    if ('autoFocus' in props) {
      if (props.autoFocus) vnode.ref = focusOnMount(vnode.ref);
      delete props.autoFocus;
    }
  }
  if (next) next(vnode);
};
