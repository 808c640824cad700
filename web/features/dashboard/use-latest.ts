import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A handler that keeps one identity for the component's life and always runs the latest `fn`, so
 * a memoized child given it does not render again each time its parent does. For event handlers
 * only: calling it while rendering would run the previous render's `fn`.
 */
export function useLatest<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
