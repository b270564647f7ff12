import BlockIcon from '@mui/icons-material/Block';
import ChatIcon from '@mui/icons-material/Chat';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicProfile } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BlockAction } from '../../blocks';
import { RatingSummary } from '../../reviews';
import { SaveToggle } from '../../saved';
import { FromPriceLine } from '../../services';
import { preview } from '../utils/preview';
import { ProBadge } from './pro-badge';
import { ProfileMeta } from './profile-meta';

/**
 * A page of the directory holds 24 cards and a phone's screen shows two: the browser lays out
 * and paints the others only as they come near the screen, each counted at a card's usual height
 * until then (and at its own once drawn).
 */
const cardStyle = {
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 240px',
} as const;

export function UserCard({
  profile,
  onChat,
  opening,
  signedIn = false,
}: {
  profile: PublicProfile;
  onChat: () => void;
  opening: boolean;
  /** A signed-in person may block the card's person from it. */
  signedIn?: boolean;
}) {
  const { t } = useTranslation();
  const name =
    profile.role === 'seller' ? (
      <Link component={RouterLink} to={`/sellers/${profile.id}`} underline="hover" color="inherit">
        {profile.fullName}
      </Link>
    ) : (
      profile.fullName
    );
  return (
    <Card variant="outlined" sx={cardStyle} component="article">
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Avatar src={profile.thumbnailUrl ?? undefined} alt="" sx={{ width: 56, height: 56 }}>
            {profile.firstName.slice(0, 1)}
          </Avatar>
          <Typography variant="h3" component="h2" sx={{ fontSize: '1.05rem', flex: 1 }}>
            {name}
          </Typography>
          {profile.pro && <ProBadge />}
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 1 }} title={profile.description}>
          {preview(profile.description)}
        </Typography>
        {profile.rating && <RatingSummary rating={profile.rating} />}
        {profile.fromPrice && <FromPriceLine price={profile.fromPrice} />}
        <ProfileMeta profile={profile} />
        {profile.match && profile.match.words.length > 0 && (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}
          >
            {!profile.match.complete && (
              <Chip size="small" variant="outlined" label={t('directory.partial')} />
            )}
            <Typography variant="body2" color="text.secondary">
              {t('directory.matched', { words: profile.match.words.join(', ') })}
            </Typography>
          </Stack>
        )}
      </CardContent>
      <CardActions>
        <Button variant="contained" startIcon={<ChatIcon />} onClick={onChat} disabled={opening}>
          {t('directory.chatNow')}
        </Button>
        {/* `saved` comes with a business's card for a signed-in client only. */}
        {profile.saved !== undefined && (
          <Box sx={{ ml: 'auto' }}>
            <SaveToggle businessId={profile.id} name={profile.fullName} saved={profile.saved} />
          </Box>
        )}
        {signedIn && (
          <BlockAction userId={profile.id} name={profile.fullName}>
            {(open) => (
              <IconButton
                onClick={open}
                aria-label={t('blocks.block', { name: profile.fullName })}
                sx={profile.saved === undefined ? { ml: 'auto' } : undefined}
              >
                <BlockIcon fontSize="small" />
              </IconButton>
            )}
          </BlockAction>
        )}
      </CardActions>
    </Card>
  );
}
