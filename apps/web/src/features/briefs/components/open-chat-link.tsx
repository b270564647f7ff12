import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { BriefAsked } from '@maya/contracts';
import { visuallyHidden } from '@mui/utils';
import { Link as RouterLink } from 'react-router';
import { useBriefsTranslation } from '../utils/words';

/** "Open chat", to the business's chat: its name said to a screen reader only. */
export function OpenChatLink({
  asked,
  size,
}: {
  asked: Pick<BriefAsked, 'chatId' | 'name'>;
  size?: 'small';
}) {
  const { t } = useBriefsTranslation();
  return (
    <Button component={RouterLink} to={`/inbox/${asked.chatId}`} size={size}>
      {t('brief.openChat')}
      <Box component="span" sx={visuallyHidden}>
        {`: ${asked.name}`}
      </Box>
    </Button>
  );
}
