import Box from '@mui/material/Box';
import type { Message } from '@maya/contracts';
import { visuallyHidden } from '@mui/utils';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '../../../lib/i18n';

/**
 * Says a partner's new move aloud to screen readers ("Sol Studio: Offer"), once, when it arrives
 * while the chat is on view: the moves already there when it opened are not read out again. It
 * comes with the chat; the deals' words load when there is first something to say.
 */
export function DealAnnouncements({
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
  const [news, setNews] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  if (newest?.deal && newest.id !== seen) {
    setSeen(newest.id);
    if (newest.senderId !== userId) setNews(newest.deal.event.kind);
  }
  useEffect(() => {
    if (!news || ready) return;
    let live = true;
    void loadNamespace('deals').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [news, ready]);
  return (
    <Box sx={visuallyHidden} role="status" aria-live="polite" aria-atomic="true">
      {news && ready ? t('announce', { name: partnerName, event: t(`events.${news}`) }) : ''}
    </Box>
  );
}
