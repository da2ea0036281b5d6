import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';

/** Create a D3 chart factory once on a ref; redraw it whenever `state` changes. */
export function useFactoryChart<S, C extends { update(s: S): void; destroy(): void }>(ref: RefObject<HTMLDivElement | null>, create: (el: HTMLElement) => C, state: S): void {
  const chart = useRef<C | null>(null);
  // Mounting reads the `create` and `state` of its render without re-running on either.
  const mount = useEffectEvent((el: HTMLElement): C => {
    const c = create(el);
    c.update(state);
    return c;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const c = mount(el);
    chart.current = c;
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, [ref]);
  useEffect(() => {
    chart.current?.update(state);
  }, [state]);
}
