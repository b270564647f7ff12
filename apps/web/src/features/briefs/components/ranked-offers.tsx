import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Brief, BriefAsked, BriefComparison } from '@maya/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../components/field-errors';
import { formatDay } from '../../../lib/dates';
import { windowText } from '../../deals';
import { formatMoney } from '../../services';
import { useAcceptOffer } from '../api/accept-offer';
import { kilometresText, ratingText } from '../utils/numbers';
import { partWords } from '../utils/part-words';
import { AnswerChip } from './answer-chip';
import { OpenChatLink } from './open-chat-link';
import { Facts } from './brief-terms';
import { useBriefsTranslation } from '../utils/words';

type Ranked = Extract<BriefComparison, { state: 'ranked' }>;

/**
 * Maya's ranking of the offers, best first: each with its rank, price, title, what is included,
 * its days and why it ranks there in words, her recommendation marked; "Accept" takes the version
 * the brief names, "Open chat" goes to the business's chat. Once one is accepted it shows as
 * chosen, with the way to /deals, and the others can no longer be accepted from here.
 */
export function RankedOffers({ brief, comparison }: { brief: Brief; comparison: Ranked }) {
  const { t, i18n } = useBriefsTranslation();
  const { accept, pending } = useAcceptOffer();
  const [failure, setFailure] = useState<{ dealId: string; message: string } | null>(null);
  const byBusiness = new Map(brief.asked.map((asked) => [asked.businessId, asked]));
  const rankedIds = new Set(comparison.ranked.map((one) => one.businessId));
  const unranked = brief.asked.filter((asked) => !rankedIds.has(asked.businessId));

  const onAccept = async (asked: BriefAsked, version: number) => {
    setFailure(null);
    try {
      await accept(asked.dealId, version);
      toast.success(t('brief.acceptedToast'));
    } catch (error) {
      setFailure({ dealId: asked.dealId, message: errorMessage(error, t('brief.acceptFailed')) });
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {comparison.ranked.length === 0 && <Typography>{t('brief.noOffers')}</Typography>}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {comparison.ranked.map((one) => {
          const asked = byBusiness.get(one.businessId);
          if (!asked?.offer) return null;
          const { offer } = asked;
          const recommended = comparison.recommended === one.businessId;
          const chosen = brief.acceptedDealId === asked.dealId;
          const headingId = `offer-${asked.dealId}`;
          const why = partWords(one.parts, asked, brief, {
            t,
            rating: (value) => ratingText(value, i18n.language),
            kilometres: (value) => kilometresText(value, i18n.language),
          });
          const version = brief.acceptedDealId === null ? asked.acceptVersion : null;
          return (
            <Paper
              component="li"
              key={one.businessId}
              variant="outlined"
              aria-labelledby={headingId}
              sx={{
                p: 2,
                display: 'grid',
                gap: 1,
                ...(recommended && { borderColor: 'secondary.main', borderWidth: 2 }),
              }}
            >
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <Typography
                  component="span"
                  sx={{ fontWeight: 800, fontSize: '1.25rem', color: 'secondary.main' }}
                >
                  {t('brief.rank', { rank: one.rank })}
                </Typography>
                <Typography
                  component="h3"
                  id={headingId}
                  sx={{ fontWeight: 700, flex: '1 1 10rem', overflowWrap: 'anywhere' }}
                >
                  {asked.name}
                </Typography>
                {recommended && (
                  <Chip size="small" color="secondary" label={t('brief.recommended')} />
                )}
                {chosen && <AnswerChip answer="accepted" />}
              </Box>
              <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
                {formatMoney(offer.price.amount, offer.price.currency, i18n.language)}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                  {t('brief.totalWithVat')}
                </Typography>
              </Typography>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {offer.title}
              </Typography>
              <Facts
                rows={[
                  [t('brief.included'), offer.included],
                  [t('brief.dates'), windowText(offer.when, i18n.language)],
                ]}
              />
              <Box>
                <Typography component="h4" variant="subtitle2">
                  {t('brief.why')}
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {why.map(({ criterion, words }) => (
                    <Typography
                      component="li"
                      variant="body2"
                      key={criterion}
                      sx={{ fontWeight: criterion === brief.priority ? 700 : 400 }}
                    >
                      {words}
                    </Typography>
                  ))}
                </Box>
              </Box>
              <Typography variant="body2" color="text.secondary">
                {t('brief.validUntil', { date: formatDay(offer.validUntil) })}
              </Typography>
              {chosen && (
                <Alert
                  severity="success"
                  action={
                    <Button component={RouterLink} to="/deals" color="inherit" size="small">
                      {t('brief.seeDeals')}
                    </Button>
                  }
                >
                  {t('brief.accepted')}
                </Alert>
              )}
              {failure?.dealId === asked.dealId && (
                <Alert severity="error" role="alert">
                  {failure.message}
                </Alert>
              )}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {version !== null && (
                  <Button
                    variant="contained"
                    disabled={pending}
                    onClick={() => void onAccept(asked, version)}
                    aria-label={t('brief.acceptOffer', { name: asked.name })}
                  >
                    {t('brief.accept')}
                  </Button>
                )}
                <OpenChatLink asked={asked} />
              </Box>
            </Paper>
          );
        })}
      </Box>
      {unranked.length > 0 && (
        <Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
            {t('brief.notRanked')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {unranked.map((asked) => (
              <Box
                component="li"
                key={asked.businessId}
                sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
              >
                <Typography sx={{ flex: '1 1 10rem', overflowWrap: 'anywhere' }}>
                  {asked.name}
                </Typography>
                <AnswerChip answer={asked.answer} />
                <OpenChatLink asked={asked} size="small" />
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
