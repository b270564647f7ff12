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
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
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
 * The plans are drawn at once; only the prices and Pro's buttons wait for GET /plans, in
 * places of fixed size, so the page paints early and nothing moves when they arrive.
 */
export function PricingPage() {
  const { t } = useTranslation();
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
            <PlanLine size="large" text={free && formatPrice(0, free.currency)} />
            <Typography sx={{ mt: 2, display: 'flex', gap: 1 }}>
              <CheckIcon color="success" aria-hidden />
              {t('pricing.freeText')}
            </Typography>
          </CardContent>
          <CardActions sx={{ p: 2 }}>
            <Button component={RouterLink} to="/buyerauth?mode=signup" variant="outlined">
              {t('pricing.getStarted')}
            </Button>
          </CardActions>
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
              {t('pricing.proText')}
            </Typography>
          </CardContent>
          <CardActions sx={{ p: 2, gap: 1 }}>
            {!pro ? (
              <Skeleton variant="rounded" width={120} height={36.5} />
            ) : pro.yearlyPaymentUrl ? (
              <Button
                variant="contained"
                href={pro.yearlyPaymentUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('billing.payNow')}
              </Button>
            ) : (
              <Button component={RouterLink} to="/sellerauth?mode=signup" variant="contained">
                {t('pricing.getStarted')}
              </Button>
            )}
            {pro?.monthlyPaymentUrl && (
              <Button
                variant="outlined"
                href={pro.monthlyPaymentUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('billing.payMonthly')}
              </Button>
            )}
          </CardActions>
        </Card>
      </Box>
      <Link component={RouterLink} to="/monetization" sx={{ display: 'inline-block', mt: 4 }}>
        {t('footer.monetization')}
      </Link>
    </Container>
  );
}
