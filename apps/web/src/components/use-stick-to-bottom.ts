import { useCallback, useEffect, useRef, type RefObject } from 'react';

/** Closer than this to the end, a conversation counts as read to its end. */
const AT_END_PX = 48;

/**
 * A conversation that keeps its newest words in view: it scrolls to its end on opening and on
 * each new message (`newest` changing), and stays at its end while it is there and its content
 * or its own height changes (an answer streaming in, an image loading, a banner or a phone's
 * keyboard taking room). Scrolled up to read, it is left where it is until the next message.
 * Only the conversation scrolls, never the page. Give the ref and the scroll handler it answers
 * to the scrolling box.
 */
export function useStickToBottom<T extends HTMLElement>(
  newest: unknown,
): [RefObject<T | null>, () => void] {
  const ref = useRef<T | null>(null);
  const following = useRef(true);
  /** Where the box was last put at its end; scrolled up from there, it is being read. */
  const pinnedAt = useRef<number | undefined>(undefined);
  const toEnd = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    box.scrollTop = box.scrollHeight;
    pinnedAt.current = box.scrollTop;
  }, []);

  useEffect(() => {
    following.current = true;
    toEnd();
  }, [newest, toEnd]);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const keep = () => {
      // Scrolled up since it was put at its end, and not at its end now: a reader (or a link
      // scrolled into view to be clicked) moved it, even if the scroll event has not come yet.
      const atEnd = box.scrollHeight - box.scrollTop - box.clientHeight < AT_END_PX;
      if (pinnedAt.current !== undefined && box.scrollTop < pinnedAt.current - 1 && !atEnd) {
        following.current = false;
      }
      if (following.current) toEnd();
    };
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(keep);
    resized?.observe(box);
    for (const child of box.children) resized?.observe(child);
    const changed = new MutationObserver(() => {
      for (const child of box.children) resized?.observe(child);
      keep();
    });
    changed.observe(box, { childList: true, subtree: true, characterData: true });
    return () => {
      resized?.disconnect();
      changed.disconnect();
    };
  }, [toEnd]);

  const onScroll = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    const atEnd = box.scrollHeight - box.scrollTop - box.clientHeight < AT_END_PX;
    // Not moved up from where it was last put at its end: the event of that move itself, come
    // after the box had already shrunk (a row loading below it, a banner above), so still
    // following. Only a move up, short of the end, is someone reading.
    const notMovedUp = pinnedAt.current !== undefined && box.scrollTop >= pinnedAt.current - 1;
    following.current = atEnd || notMovedUp;
  }, []);
  return [ref, onScroll];
}
