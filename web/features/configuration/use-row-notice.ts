import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { CONFIRMATION_MS, type Notice } from './row-notice';

/** Where a notice goes: under a mapping's row, under the add row, or where the row at an index was. */
export type NoticePlace = { row: string } | { add: true } | { at: number };

export interface PlacedNotice extends Notice {
  place: NoticePlace;
}

export const isAt = (notice: PlacedNotice | null, place: NoticePlace): notice is PlacedNotice =>
  notice !== null && JSON.stringify(notice.place) === JSON.stringify(place);

/**
 * The one message of the Code Mappings table at a time, with the text for its live region: a
 * confirmation goes away by itself after a few seconds, an error stays until the next action.
 */
export function useRowNotice() {
  const [notice, setNotice] = useState<PlacedNotice | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const ids = useRef(0);

  useEffect(() => {
    if (notice?.tone !== 'success') return;
    const timer = window.setTimeout(() => {
      setNotice((current) => (current?.id === notice.id ? null : current));
      setAnnouncement('');
    }, CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  /** Before a new attempt: the last message goes, so the same words are announced again. */
  const clear = useCallback(() => {
    setNotice(null);
    setAnnouncement('');
  }, []);

  const confirm = useCallback((place: NoticePlace, text: string) => {
    ids.current += 1;
    setNotice({ id: ids.current, tone: 'success', text, place });
    setAnnouncement(text);
  }, []);

  /** The server's words under the screen's own heading; just the heading when it sent none. */
  const fail = useCallback((place: NoticePlace, heading: string, err: unknown) => {
    ids.current += 1;
    const text = errorMessage(err, '');
    setNotice(
      text
        ? { id: ids.current, tone: 'error', title: heading, text, place }
        : { id: ids.current, tone: 'error', text: heading, place },
    );
  }, []);

  return { notice, announcement, clear, confirm, fail };
}
