import type { Message, PrivateUser } from '@maya/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoveRunner } from '../hooks/use-move-runner';
import { RequestDialog } from './request-dialog';
import { TermsDialog } from './terms-dialog';

/**
 * A negotiation's first move with a partner, behind "Request a quote" or "Make an offer"
 * (`StartDealButton`, lazy.tsx): a buyer's request for a quote, a business's offer nobody asked
 * for. It stays mounted once first opened, so a move whose answer was lost is sent again as the
 * same move; each opening clears the last refusal. `onSent` gets the move's chat message.
 */
export default function StartDealForm({
  viewer,
  partner,
  onSent,
  open,
  onClose,
}: {
  viewer: Pick<PrivateUser, 'role'>;
  partner: { id: string; name: string };
  onSent?: ((message: Message) => void) | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('deals');
  const runner = useMoveRunner({ partnerId: partner.id }, onSent);
  const [shown, setShown] = useState(false);
  if (open !== shown) {
    setShown(open);
    if (open) runner.clear();
  }
  if (!open) return null;
  const send = async (run: () => Promise<boolean>) => {
    const sent = await run();
    if (sent) onClose();
    return sent;
  };
  const form = {
    open: true,
    error: runner.error,
    fieldErrors: runner.fieldErrors,
    pending: runner.pending,
    onClose,
  };
  return viewer.role === 'buyer' ? (
    <RequestDialog
      {...form}
      business={partner}
      onSend={(request) => send(() => runner.run({ type: 'request', request }))}
    />
  ) : (
    <TermsDialog
      {...form}
      title={t('form.offerTitle', { name: partner.name })}
      currency="EUR"
      onSend={(terms) => send(() => runner.run({ type: 'offer', terms }))}
    />
  );
}
