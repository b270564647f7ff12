import PlaceIcon from '@mui/icons-material/Place';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicProfile } from '@maya/contracts';
import { useTranslation } from 'react-i18next';

export function ProfileMeta({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
      {/* A business the original client created may have no sector yet: it is listed as Other. */}
      {(profile.category !== null || profile.role === 'seller') && (
        <Chip
          size="small"
          label={t(profile.category ? `sectors.${profile.category}` : 'sectors.other')}
        />
      )}
      {profile.location?.address && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
        >
          <PlaceIcon fontSize="inherit" aria-hidden />
          {profile.location.address}
        </Typography>
      )}
      {typeof profile.distanceKm === 'number' && (
        <Typography variant="body2" color="text.secondary">
          {t('directory.km', { distance: profile.distanceKm })}
        </Typography>
      )}
    </Stack>
  );
}
