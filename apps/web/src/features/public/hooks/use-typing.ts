import { useEffect, useState, useSyncExternalStore } from 'react';

export interface TypingOptions {
  typeSpeed: number;
  deleteSpeed: number;
  delay: number;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * The visitor's motion preference. The page's HTML is prerendered with motion (Node has no
 * preference), so hydration starts from that and only then switches, without a mismatch.
 */
const useReducedMotion = () =>
  useSyncExternalStore(
    subscribeToMotion,
    () => Boolean(window.matchMedia?.(REDUCED_MOTION).matches),
    () => false,
  );

/** Types each line, waits, deletes it and moves on; shows the first line still when motion is reduced. */
export function useTyping(
  lines: string[],
  { typeSpeed, deleteSpeed, delay }: TypingOptions,
): string {
  const [index, setIndex] = useState(0);
  const [length, setLength] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const line = lines[index % lines.length] ?? '';
  const still = useReducedMotion();

  useEffect(() => {
    if (still || lines.length === 0) return;
    let timer: ReturnType<typeof setTimeout>;
    if (!deleting && length < line.length)
      timer = setTimeout(() => setLength(length + 1), typeSpeed);
    else if (!deleting) timer = setTimeout(() => setDeleting(true), delay);
    else if (length > 0) timer = setTimeout(() => setLength(length - 1), deleteSpeed);
    else
      timer = setTimeout(() => {
        setDeleting(false);
        setIndex((value) => value + 1);
      }, typeSpeed);
    return () => clearTimeout(timer);
  }, [still, lines.length, line, length, deleting, typeSpeed, deleteSpeed, delay]);

  return still ? line : line.slice(0, length);
}
