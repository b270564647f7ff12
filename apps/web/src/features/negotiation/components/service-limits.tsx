import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Service } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { FieldErrors } from '../../../components/field-errors';
import { formatMoney } from '../../services';
import { serviceField, type ServiceDraft } from '../utils/draft';

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

/**
 * The business's services, each with its listed price and a tick for Maya to offer it; a ticked
 * one shows its floor and keep-back, typed in the service's currency.
 */
export function ServiceLimits({
  services,
  draft,
  errors,
  onChange,
}: {
  services: Service[];
  draft: Record<string, ServiceDraft>;
  errors: FieldErrors;
  onChange: (id: string, fields: Partial<ServiceDraft>) => void;
}) {
  const { t, i18n } = useTranslation('negotiation');
  // Units and currencies are the interface's words, shared with the services' list.
  const { t: words } = useTranslation();

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h6" sx={{ fontSize: '1.1rem', mb: 1, p: 0 }}>
        {t('servicesLegend')}
      </Typography>
      {services.length === 0 ? (
        <Typography>
          {t('noServices')}{' '}
          <Link component={RouterLink} to="/account#services">
            {t('addServices')}
          </Link>
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {services.map((service) => {
            const typed = draft[service.id];
            const money = (amount: number) => formatMoney(amount, service.currency, i18n.language);
            const listed = words('services.single', {
              price: money(service.priceFrom),
              unit: words(`services.units.${service.unit}`),
            });
            const currency = words(`services.currencies.${service.currency}`);
            const offeredError = errors[serviceField(service.id, 'offered')];
            const helpId = `maya-${service.id}-help`;
            const field = (name: 'floor' | 'keepBack') => {
              const error = errors[serviceField(service.id, name)];
              const errorId = `maya-${service.id}-${name}-error`;
              return {
                id: `maya-${service.id}-${name}`,
                value: typed?.[name] ?? '',
                error: Boolean(error),
                helperText: error,
                onChange: (event: { target: { value: string } }) =>
                  onChange(service.id, { [name]: event.target.value }),
                slotProps: {
                  htmlInput: {
                    inputMode: 'decimal' as const,
                    autoComplete: 'off',
                    'aria-describedby': error ? `${errorId} ${helpId}` : helpId,
                  },
                  formHelperText: { id: errorId },
                },
              };
            };
            return (
              // The item stays a list item; the group inside it names its fields by the service.
              <Box
                component="li"
                key={service.id}
                sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}
              >
                <Box role="group" aria-labelledby={`maya-${service.id}-name`}>
                  <Typography id={`maya-${service.id}-name`} sx={{ fontWeight: 600 }}>
                    {service.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('listed', { price: listed })}
                  </Typography>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={typed?.offered ?? false}
                        onChange={(event) =>
                          onChange(service.id, { offered: event.target.checked })
                        }
                        slotProps={{
                          input: {
                            'aria-invalid': offeredError ? true : undefined,
                            'aria-describedby': offeredError
                              ? `maya-${service.id}-offered-error`
                              : undefined,
                          },
                        }}
                      />
                    }
                    label={t('offers')}
                  />
                  {offeredError && (
                    <FormHelperText error id={`maya-${service.id}-offered-error`}>
                      {offeredError}
                    </FormHelperText>
                  )}
                  {typed?.offered && (
                    <Box sx={{ mt: 1 }}>
                      <Box sx={twoColumns}>
                        <TextField label={t('floor', { currency })} required {...field('floor')} />
                        <TextField label={t('keepBack', { currency })} {...field('keepBack')} />
                      </Box>
                      <FormHelperText id={helpId} sx={{ mx: 0, mt: 1 }}>
                        {t('limitsHelp', { price: money(service.priceFrom) })}
                      </FormHelperText>
                    </Box>
                  )}
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
