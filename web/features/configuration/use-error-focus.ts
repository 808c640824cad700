import { useEffect, useRef } from 'react';
import type { ShownErrors } from './rules';

const BOXES = ['code', 'label', 'value'] as const;

/**
 * Moves focus to the first box with a message after each refused attempt (`attempt` counts them),
 * so the message is read, and on a phone, where the table scrolls sideways and Save sits at its far
 * end, the box scrolls into view. Typing afterwards moves nothing.
 */
export function useErrorFocus(attempt: number, errors: ShownErrors) {
  const code = useRef<HTMLInputElement>(null);
  const label = useRef<HTMLInputElement>(null);
  const value = useRef<HTMLInputElement>(null);
  const latest = useRef(errors);
  latest.current = errors;
  useEffect(() => {
    if (attempt === 0) return;
    const refs = { code, label, value };
    const box = BOXES.find((name) => latest.current[name]);
    const input = box ? refs[box].current : null;
    if (!input) return;
    input.focus({ preventScroll: true });
    // The box's cell holds its message too: both come into view, not only the box.
    input.closest('td')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [attempt]);
  return { code, label, value };
}
