import { useEffect, useState } from 'react';

/**
 * The time, read again every `everyMs`: a deal's moves depend on the clock (an offer past its
 * valid-until takes no accept), so the buttons follow it without a reload.
 */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
