import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { GALLERY_LIMITS } from '@maya/contracts/limits';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../lib/session';
import { usePlans } from '../api/get-plans';
import { formatPrice } from '../utils/format-price';

/** A line that needs the plans from the server: its height is kept while they load. */
function PlanLine({
  text,
  size,
  ...props
}: { text: string | undefined; size: 'large' | 'normal' } & TypographyProps) {
  return (
    <Typography
      {...props}
      sx={size === 'large' ? { fontSize: '2rem', fontWeight: 700, lineHeight: 1.5 } : undefined}
    >
      {text ?? <Skeleton width={size === 'large' ? '60%' : '40%'} />}
    </Typography>
  );
}

/**
 * What Pro's card offers whoever is looking: a visitor signs up as a business, a business on
 * Free goes straight to its upgrade (the account's plan tab, whose payment links name the
 * account), a business on Pro is told so, and a client is offered nothing.
 */
function ProAction({ ready }: { ready: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!ready) return <Skeleton variant="rounded" width={120} height={36.5} />;
  if (!user) {
    return (
      <Button component={RouterLink} to="/sellerauth?mode=signup" variant="contained">
        {t('pricing.getStarted')}
      </Button>
    );
  }
  if (user.role !== 'seller') {
    return <Typography color="text.secondary">{t('pricing.forBusinesses')}</Typography>;
  }
  if (user.plan === 'pro') {
    return <Typography sx={{ fontWeight: 700 }}>{t('pricing.yourPlan')}</Typography>;
  }
  return (
    <Button component={RouterLink} to="/account?tab=plans#plan" variant="contained">
      {t('pricing.upgrade')}
    </Button>
  );
}

/**
 * The plans with their prices: the server draws them into the page's HTML with the answer of
 * GET /plans (src/prerender.tsx), so the prices are there before any script runs; a page reached
 * in the app asks for them at once, in places of fixed size, so nothing moves when they arrive.
 */
export function PricingPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const plans = usePlans();
  const free = plans.data?.plans.find((plan) => plan.id === 'free');
  const pro = plans.data?.plans.find((plan) => plan.id === 'pro');
  return (
    <Container sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" gutterBottom>
        {t('pricing.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('pricing.intro')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Card variant="outlined" component="section" aria-labelledby="plan-free">
          <CardContent>
            <Typography id="plan-free" variant="h2" gutterBottom>
              {t('pricing.freeTitle')}
            </Typography>
            <PlanLine
              size="large"
              text={free && formatPrice(0, free.currency)}
              data-first-content={free ? '' : undefined}
            />
            <Typography sx={{ mt: 2, display: 'flex', gap: 1 }}>
              <CheckIcon color="success" aria-hidden />
              {t('pricing.freeText', { count: free?.galleryLimit ?? GALLERY_LIMITS.free })}
            </Typography>
          </CardContent>
          {!user && (
            <CardActions sx={{ p: 2 }}>
              <Button component={RouterLink} to="/buyerauth?mode=signup" variant="outlined">
                {t('pricing.getStarted')}
              </Button>
            </CardActions>
          )}
        </Card>
        <Card
          variant="outlined"
          component="section"
          aria-labelledby="plan-pro"
          sx={{ borderColor: 'primary.main', borderWidth: 2 }}
        >
          <CardContent>
            <Typography id="plan-pro" variant="h2" gutterBottom>
              {t('pricing.proTitle')}
            </Typography>
            <PlanLine
              size="large"
              text={
                pro && t('billing.perYear', { price: formatPrice(pro.yearlyPrice, pro.currency) })
              }
              data-first-content={pro ? '' : undefined}
            />
            <PlanLine
              size="normal"
              color="text.secondary"
              text={
                pro && t('billing.perMonth', { price: formatPrice(pro.monthlyPrice, pro.currency) })
              }
            />
            <Typography sx={{ mt: 2, display: 'flex', gap: 1 }}>
              <CheckIcon color="success" aria-hidden />
              {t('pricing.proText', { count: pro?.galleryLimit ?? GALLERY_LIMITS.pro })}
            </Typography>
          </CardContent>
          <CardActions sx={{ p: 2, gap: 1 }}>
            <ProAction ready={Boolean(pro)} />
          </CardActions>
        </Card>
      </Box>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mt: 4 }}>
        <Link component={RouterLink} to="/ranking">
          {t('pricing.rankingLink')}
        </Link>
        <Link component={RouterLink} to="/monetization">
          {t('footer.monetization')}
        </Link>
      </Box>
    </Container>
  );
}
