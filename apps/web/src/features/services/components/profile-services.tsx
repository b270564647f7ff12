import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Service } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { priceText } from '../utils/price-text';

/**
 * A business's services on its profile, each with its price, and the one note that every price
 * is a total with VAT included (said once, not on each line).
 */
export function ProfileServices({ services }: { services: Service[] }) {
  const { t, i18n } = useTranslation();
  if (services.length === 0) return null;
  return (
    <Box component="section" sx={{ mt: 4 }} aria-labelledby="services-title">
      <Typography id="services-title" component="h2" variant="h3" gutterBottom>
        {t('services.title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {services.map((service) => (
          <Box
            component="li"
            key={service.id}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              justifyContent: 'space-between',
              columnGap: 2,
              py: 1.5,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {service.name}
              </Typography>
              {service.description && (
                <Typography variant="body2" color="text.secondary">
                  {service.description}
                </Typography>
              )}
            </Box>
            <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {priceText(t, i18n.language, service)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {t('services.vatIncluded')}
      </Typography>
    </Box>
  );
}
