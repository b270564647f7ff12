import { useEffect, useState } from 'react';
import { loadContracts } from '../../../lib/contracts';

export type Contracts = Awaited<ReturnType<typeof loadContracts>>;

/**
 * The schemas chunk, once loaded: the brief's form checks with the contract's own schema and
 * limits. The draft's answer is parsed with it, so it is here by the time the form shows.
 */
export function useContracts(): Contracts | null {
  const [contracts, setContracts] = useState<Contracts | null>(null);
  useEffect(() => {
    let live = true;
    void loadContracts().then((module) => live && setContracts(module));
    return () => {
      live = false;
    };
  }, []);
  return contracts;
}
