import Box from '@mui/material/Box';
import type { Message } from '@maya/contracts';
import { visuallyHidden } from '@mui/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Says a partner's new move aloud to screen readers ("Sol Studio: Offer"), once, when it arrives
 * while the chat is on view: the moves already there when it opened are not read out again.
 */
export default function DealAnnouncer({
  messages,
  userId,
  partnerName,
}: {
  messages: readonly Message[];
  userId: string;
  partnerName: string;
}) {
  const { t } = useTranslation('deals');
  const newest = [...messages].reverse().find((message) => message.deal);
  // What was there when the chat opened is not news: only a move arriving after it is said.
  const [seen, setSeen] = useState(newest?.id);
  const [said, setSaid] = useState('');
  if (newest?.deal && newest.id !== seen) {
    setSeen(newest.id);
    if (newest.senderId !== userId) {
      setSaid(t('announce', { name: partnerName, event: t(`events.${newest.deal.event.kind}`) }));
    }
  }
  return (
    <Box sx={visuallyHidden} role="status" aria-live="polite" aria-atomic="true">
      {said}
    </Box>
  );
}
