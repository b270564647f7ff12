import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type {
  AvailableDealAction,
  Deal,
  DealActionType,
  Message,
  PrivateUser,
} from '@maya/contracts';
import { allowedDealActions } from '@maya/contracts/deal-machine';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoveRunner } from '../hooks/use-move-runner';
import { useNow } from '../hooks/use-now';
import { partyOf, personName } from '../utils/deal-text';
import { ReasonDialog } from './reason-dialog';
import { TermsDialog } from './terms-dialog';

type WithWords = 'offer' | 'counter' | 'update' | 'cancel' | 'report_problem';
const withWords = new Set<DealActionType>([
  'offer',
  'counter',
  'update',
  'cancel',
  'report_problem',
]);
/** The moves that move a deal forward, drawn as the main buttons. */
const forward = new Set<DealActionType>(['offer', 'accept', 'deliver', 'confirm']);
/** The moves that end it, drawn in the error colour. */
const ending = new Set<DealActionType>(['decline', 'withdraw', 'cancel']);

/**
 * The moves the viewer may take on a deal now, as buttons: the machine's `allowedDealActions`
 * for the viewer at the clock (read again every 30 s, so an offer that lapses on screen loses its
 * Accept), kept to those the server granted when it was read (none across a block). A move with
 * words opens its form; a refused move's words show next to the buttons.
 */
export function DealActions({
  deal,
  viewer,
  onMessage,
}: {
  deal: Deal;
  viewer: Pick<PrivateUser, 'id' | 'role'>;
  onMessage?: ((message: Message) => void) | undefined;
}) {
  const { t } = useTranslation('deals');
  const now = useNow();
  const granted = new Set(deal.actions.map((action) => action.type));
  const actions = allowedDealActions(deal, partyOf(viewer), now).filter((action) =>
    granted.has(action.type),
  );
  const runner = useMoveRunner({ dealId: deal.id }, onMessage);
  const [dialog, setDialog] = useState<WithWords | null>(null);
  const standing = deal.versions.at(-1);
  const partner = viewer.role === 'buyer' ? deal.business : deal.buyer;

  if (actions.length === 0) return null;

  const open = (kind: WithWords) => {
    runner.clear();
    setDialog(kind);
  };
  const take = (action: AvailableDealAction) => {
    if (withWords.has(action.type)) return open(action.type as WithWords);
    if (action.type === 'accept')
      return void runner.run({ type: 'accept', version: action.version! });
    void runner.run({ type: action.type as 'decline' | 'withdraw' | 'deliver' | 'confirm' });
  };
  const versionOf = (type: DealActionType) =>
    actions.find((action) => action.type === type)?.version ?? standing?.number ?? 1;
  const closeDialog = () => setDialog(null);

  return (
    <Box>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}
        role="group"
        aria-label={t('moves')}
      >
        {actions.map((action) => (
          <Button
            key={action.type}
            size="small"
            variant={forward.has(action.type) ? 'contained' : 'outlined'}
            color={ending.has(action.type) ? 'error' : 'primary'}
            disabled={runner.pending}
            onClick={() => take(action)}
          >
            {t(`actions.${action.type}`)}
          </Button>
        ))}
      </Box>
      {dialog === null && runner.error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {runner.error}
        </Alert>
      )}
      {(dialog === 'offer' || dialog === 'counter' || dialog === 'update') && (
        <TermsDialog
          open
          title={t(
            dialog === 'offer'
              ? 'form.offerTitle'
              : dialog === 'counter'
                ? 'form.counterTitle'
                : 'form.updateTitle',
            { name: personName(partner, t('formerMember')) },
          )}
          initial={dialog === 'offer' ? undefined : standing?.terms}
          currency={standing?.terms.price.currency ?? deal.request?.budget?.currency ?? 'EUR'}
          error={runner.error}
          fieldErrors={runner.fieldErrors}
          pending={runner.pending}
          onClose={closeDialog}
          onSend={async (terms) => {
            const sent = await runner.run(
              dialog === 'offer'
                ? { type: 'offer', terms }
                : { type: dialog, version: versionOf(dialog), terms },
            );
            if (sent) closeDialog();
            return sent;
          }}
        />
      )}
      {(dialog === 'cancel' || dialog === 'report_problem') && (
        <ReasonDialog
          open
          kind={dialog}
          error={runner.error}
          fieldErrors={runner.fieldErrors}
          pending={runner.pending}
          onClose={closeDialog}
          onSend={async (reason) => {
            const sent = await runner.run({ type: dialog, reason });
            if (sent) closeDialog();
            return sent;
          }}
        />
      )}
    </Box>
  );
}
