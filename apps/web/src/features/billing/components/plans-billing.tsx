import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PrivateUser } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { usePlans } from '../api/get-plans';
import { formatPrice } from '../utils/format-price';
import { Section } from '../../../components/section';

/** The payment page names the account, so the payment provider's event can activate it. */
function paymentLink(url: string, user: PrivateUser): string {
  const link = new URL(url);
  link.searchParams.set('client_reference_id', user.id);
  link.searchParams.set('prefilled_email', user.email);
  return link.toString();
}

export function PlansBilling({ user }: { user: PrivateUser }) {
  const { t } = useTranslation();
  const plans = usePlans();
  const pro = plans.data?.plans.find((plan) => plan.id === 'pro');
  return (
    <Section
      id="plan"
      title={t('billing.currentPlan', {
        plan: user.plan === 'pro' ? t('billing.pro') : t('billing.free'),
      })}
    >
      {user.role === 'seller' && user.plan === 'free' && pro && (
        <Box>
          <Typography variant="h3" component="h3" gutterBottom>
            {t('billing.upgrade')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('billing.proPitch', { count: pro.galleryLimit })}
          </Typography>
          <Typography sx={{ fontSize: '1.6rem', fontWeight: 700 }}>
            {t('billing.perYear', { price: formatPrice(pro.yearlyPrice, pro.currency) })}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('billing.perMonth', { price: formatPrice(pro.monthlyPrice, pro.currency) })}
          </Typography>
          {pro.yearlyPaymentUrl || pro.monthlyPaymentUrl ? (
            <Stack direction="row" spacing={2}>
              {pro.yearlyPaymentUrl && (
                <Button
                  variant="contained"
                  href={paymentLink(pro.yearlyPaymentUrl, user)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('billing.payNow')}
                </Button>
              )}
              {pro.monthlyPaymentUrl && (
                <Button
                  variant="outlined"
                  href={paymentLink(pro.monthlyPaymentUrl, user)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('billing.payMonthly')}
                </Button>
              )}
            </Stack>
          ) : (
            <Alert severity="info">{t('billing.paymentsOff')}</Alert>
          )}
        </Box>
      )}
    </Section>
  );
}
