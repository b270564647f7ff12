import PlaceIcon from '@mui/icons-material/Place';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicProfile } from '@maya/contracts';
import { useTranslation } from 'react-i18next';

/** SPEC: descriptions preview at 25 characters, then an ellipsis. */
export function preview(text: string, length = 25): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

export function ProfileMeta({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
      {profile.category && <Chip size="small" label={t(`sectors.${profile.category}`)} />}
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
