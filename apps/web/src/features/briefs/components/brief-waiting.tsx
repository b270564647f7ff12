import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Brief } from '@maya/contracts';
import { AnswerChip } from './answer-chip';
import { OpenChatLink } from './open-chat-link';
import { useBriefsTranslation } from '../utils/words';

/** "3 of 5 answered", and where each business's answer stands, each with its chat. */
export function BriefWaiting({
  brief,
  answered,
  of,
}: {
  brief: Brief;
  answered: number;
  of: number;
}) {
  const { t } = useBriefsTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }} role="status">
        {t('brief.waiting', { answered, of })}
      </Typography>
      <Typography color="text.secondary">{t('brief.waitingHelp')}</Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {brief.asked.map((asked) => (
          <Paper
            component="li"
            key={asked.businessId}
            variant="outlined"
            sx={{
              p: 1.5,
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1,
            }}
          >
            <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {asked.name}
              </Typography>
              {asked.serviceName && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {asked.serviceName}
                </Typography>
              )}
            </Box>
            <AnswerChip answer={asked.answer} />
            <OpenChatLink asked={asked} size="small" />
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
