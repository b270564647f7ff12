import Button from '@mui/material/Button';
import type { Message, PrivateUser } from '@maya/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoveRunner } from '../hooks/use-move-runner';
import { RequestDialog } from './request-dialog';
import { TermsDialog } from './terms-dialog';

/**
 * A negotiation's first move with a partner: a buyer requests a quote from a business, a
 * business makes a client an offer nobody asked for. `onSent` gets the move's chat message.
 */
export default function StartDeal({
  viewer,
  partner,
  onSent,
  variant = 'outlined',
  size = 'small',
}: {
  viewer: Pick<PrivateUser, 'role'>;
  partner: { id: string; name: string };
  onSent?: ((message: Message) => void) | undefined;
  variant?: 'outlined' | 'contained';
  /** Small in a chat's header; large among a profile's buttons. */
  size?: 'small' | 'large';
}) {
  const { t } = useTranslation('deals');
  const [open, setOpen] = useState(false);
  const runner = useMoveRunner({ partnerId: partner.id }, onSent);
  const close = () => setOpen(false);
  const buyer = viewer.role === 'buyer';
  return (
    <>
      <Button
        size={size}
        variant={variant}
        onClick={() => {
          runner.clear();
          setOpen(true);
        }}
      >
        {t(buyer ? 'actions.request' : 'actions.offer')}
      </Button>
      {open && buyer && (
        <RequestDialog
          open
          business={partner}
          error={runner.error}
          fieldErrors={runner.fieldErrors}
          pending={runner.pending}
          onClose={close}
          onSend={async (request) => {
            const sent = await runner.run({ type: 'request', request });
            if (sent) close();
            return sent;
          }}
        />
      )}
      {open && !buyer && (
        <TermsDialog
          open
          title={t('form.offerTitle', { name: partner.name })}
          currency="EUR"
          error={runner.error}
          fieldErrors={runner.fieldErrors}
          pending={runner.pending}
          onClose={close}
          onSend={async (terms) => {
            const sent = await runner.run({ type: 'offer', terms });
            if (sent) close();
            return sent;
          }}
        />
      )}
    </>
  );
}
