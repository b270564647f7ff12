import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { SellerCard } from '@maya/contracts';
import { sectors } from '@maya/contracts/sectors';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ProBadge } from '../../directory';

/**
 * Up to two lines, then an ellipsis: in the 375 px widget one line cuts a business's name (what a
 * person picks by) and its sector and place short.
 */
const twoLines = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
} as const;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const stringOrNull = (value: unknown) => value === null || typeof value === 'string';

/**
 * A card as `sellerCardSchema` has it, checked by hand: the server already serializes every tool
 * result through its schema, and the screen (and a saved conversation) draws without the schemas
 * chunk. Every field is checked, the id as the address its profile link goes to.
 */
function isSellerCard(value: unknown): value is SellerCard {
  if (typeof value !== 'object' || value === null) return false;
  const card = value as Record<string, unknown>;
  return (
    typeof card.id === 'string' &&
    uuid.test(card.id) &&
    typeof card.name === 'string' &&
    (card.sector === null || sectors.includes(card.sector as (typeof sectors)[number])) &&
    stringOrNull(card.city) &&
    (card.distanceKm === null || typeof card.distanceKm === 'number') &&
    typeof card.description === 'string' &&
    stringOrNull(card.imageUrl) &&
    typeof card.profileUrl === 'string' &&
    typeof card.why === 'string' &&
    (card.alternative === undefined || typeof card.alternative === 'boolean') &&
    (card.pro === undefined || typeof card.pro === 'boolean')
  );
}

/**
 * Cards only for what the tools returned (`sellerToolOutputSchema`): sellers the server found,
 * with their real ids. An output with any card out of shape shows none.
 */
export function sellersOf(output: unknown): SellerCard[] {
  if (typeof output !== 'object' || output === null) return [];
  const { sellers } = output as { sellers?: unknown };
  return Array.isArray(sellers) && sellers.every(isSellerCard) ? sellers : [];
}

export function SellerCards({
  sellers,
  compact = false,
}: {
  sellers: SellerCard[];
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (sellers.length === 0) return null;
  return (
    <Box
      component="ul"
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: compact ? '1fr' : { xs: '1fr', sm: '1fr 1fr' },
        p: 0,
        m: 0,
        listStyle: 'none',
      }}
    >
      {sellers.map((seller) => (
        <Card
          component="li"
          key={seller.id}
          variant="outlined"
          sx={{
            p: 1.5,
            display: 'flex',
            gap: 1.5,
            alignItems: 'flex-start',
            // Not what was asked for: the closest alternative, set apart by a dashed edge.
            ...(seller.alternative && { borderStyle: 'dashed' }),
          }}
        >
          <Avatar src={seller.imageUrl ?? undefined} alt="" sx={{ width: 48, height: 48 }}>
            {seller.name.slice(0, 1)}
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <Typography sx={{ ...twoLines, fontWeight: 700, flex: 1 }}>{seller.name}</Typography>
              {seller.pro && <ProBadge />}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={twoLines}>
              {[
                t(seller.sector ? `sectors.${seller.sector}` : 'sectors.other'),
                seller.city,
                seller.distanceKm !== null
                  ? t('assistant.km', {
                      // A tenth of a kilometre matters nearby, not a thousand kilometres away.
                      distance:
                        seller.distanceKm < 10 ? seller.distanceKm : Math.round(seller.distanceKm),
                    })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {/* An alternative's reason starts by saying so ("Alternative: …"). */}
            <Typography
              variant="body2"
              sx={{ mt: 0.5, ...(seller.alternative && { color: 'text.secondary' }) }}
            >
              {seller.alternative ? seller.why : t('assistant.why', { why: seller.why })}
            </Typography>
            <Button
              component={RouterLink}
              to={`/sellers/${seller.id}`}
              size="small"
              sx={{ mt: 0.5, px: 0 }}
            >
              {t('assistant.viewProfile')}
              <Box component="span" sx={visuallyHidden}>
                {`: ${seller.name}`}
              </Box>
            </Button>
          </Box>
        </Card>
      ))}
    </Box>
  );
}
