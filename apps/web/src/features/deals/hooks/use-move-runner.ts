import type { Message, PartyDealAction, StartDealBody } from '@maya/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorMessage, problemErrors, type FieldErrors } from '../../../components/field-errors';
import { ApiError } from '../../../lib/api-client';
import { newClientId, useMoveDeal } from '../api/move-deal';

/** Where a move goes: a deal, or a partner for a negotiation's first move. */
export type MoveTarget = { dealId: string } | { partnerId: string };
type ActionOf<T extends MoveTarget> = T extends { dealId: string }
  ? PartyDealAction
  : StartDealBody['action'];

/**
 * Runs a person's moves on one deal (or the first move to one partner): one client id per move,
 * kept while its answer is lost so sending again is the same move, a fresh one after a refusal.
 * A refusal (`409 OFFER_SUPERSEDED`, `OFFER_EXPIRED`…) is kept in the server's words, with any
 * field messages, for the screen to show next to what was sent; nothing typed is cleared.
 */
export function useMoveRunner<T extends MoveTarget>(
  target: T,
  onMessage?: (message: Message) => void,
) {
  const { t } = useTranslation('deals');
  const move = useMoveDeal(onMessage);
  const clientId = useRef<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  async function run(action: ActionOf<T>): Promise<boolean> {
    clientId.current ??= newClientId();
    setError(null);
    setFieldErrors({});
    try {
      await move.mutateAsync({ ...target, clientId: clientId.current, action } as Parameters<
        typeof move.mutateAsync
      >[0]);
      clientId.current = null;
      toast.success(t(`done.${action.type}`));
      return true;
    } catch (failure) {
      const refused = failure instanceof ApiError && failure.status >= 400;
      if (refused) clientId.current = null;
      setError(errorMessage(failure, t('page.loadFailed')));
      setFieldErrors(problemErrors(failure));
      return false;
    }
  }

  const clear = () => {
    setError(null);
    setFieldErrors({});
  };

  return { run, error, fieldErrors, pending: move.isPending, clear };
}
