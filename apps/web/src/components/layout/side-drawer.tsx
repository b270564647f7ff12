import BookmarkIcon from '@mui/icons-material/Bookmark';
import ChatIcon from '@mui/icons-material/Chat';
import GroupsIcon from '@mui/icons-material/Groups';
import HandshakeIcon from '@mui/icons-material/Handshake';
import LogoutIcon from '@mui/icons-material/Logout';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import StorefrontIcon from '@mui/icons-material/Storefront';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { KnownPerson } from '../../lib/personal-data';
import { DRAWER_WIDTH } from './drawer-width';
import { LanguageSwitcher } from './language-switcher';
import { publicLinks } from './nav-links';
import { useSignOut } from './use-sign-out';

interface Entry {
  id: string;
  to: string;
  /** The paths this entry is highlighted on, besides its own and those below it. */
  also?: string[];
  label: string;
  icon: React.ReactNode;
  unread?: number;
}

const under = (pathname: string, path: string) =>
  pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);

export function SideDrawer({
  user,
  unreadChats,
  open,
  onClose,
}: {
  /** The signed-in person, or offline only the role of the one signed in (useShownPerson). */
  user: KnownPerson;
  /** Unread messages, on "Chats". */
  unreadChats: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { pathname } = useLocation();
  const signOut = useSignOut();
  // On a narrow screen the menu is a modal drawer, drawn into a portal: mounted with the page, it
  // would be drawn in the same task as the page's first commit (a portal mounts from a layout
  // effect). It mounts the first time it opens instead, and then stays mounted.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  // The directory is the dashboard, at /, /dashboard and, for a client, /sellers.
  const entries: Entry[] = [
    user.role === 'buyer'
      ? {
          id: 'Sellers',
          to: '/sellers',
          also: ['/', '/dashboard'],
          label: t('nav.sellers'),
          icon: <StorefrontIcon />,
        }
      : {
          id: 'Buyers',
          to: '/dashboard',
          also: ['/'],
          label: t('nav.buyers'),
          icon: <GroupsIcon />,
        },
    // A client's saved businesses; a business saves none.
    ...(user.role === 'buyer'
      ? [{ id: 'Saved', to: '/saved', label: t('nav.saved'), icon: <BookmarkIcon /> }]
      : []),
    {
      id: 'Chats',
      to: '/inbox',
      label: t('nav.chats'),
      icon: <ChatIcon />,
      unread: unreadChats,
    },
    { id: 'Deals', to: '/deals', label: t('nav.deals'), icon: <HandshakeIcon /> },
    { id: 'AI Assistant', to: '/assistant', label: t('nav.assistant'), icon: <SmartToyIcon /> },
  ];
  // The highlight comes from the address alone, so it always names the screen on view.
  const current = entries.find(
    (entry) => under(pathname, entry.to) || entry.also?.includes(pathname),
  )?.id;

  const content = (
    <Box sx={{ width: DRAWER_WIDTH, display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        component={RouterLink}
        to="/account"
        onClick={onClose}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          p: 2,
          color: 'inherit',
          textDecoration: 'none',
        }}
      >
        {/* Offline, before the server can say, only the role is known: no name, no photo. */}
        <Avatar src={user.thumbnailUrl ?? undefined} alt="">
          {user.firstName?.slice(0, 1)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          {user.fullName && (
            <Typography noWrap sx={{ fontWeight: 600 }}>
              {user.fullName}
            </Typography>
          )}
          <Typography
            variant="body2"
            color={user.fullName ? 'text.secondary' : 'text.primary'}
            noWrap
          >
            {t('nav.account')}
          </Typography>
        </Box>
      </Box>
      <List component="nav" aria-label={t('nav.workspace')}>
        {entries.map((entry) => (
          <ListItemButton
            key={entry.id}
            component={RouterLink}
            to={entry.to}
            selected={current === entry.id}
            aria-current={current === entry.id ? 'page' : undefined}
            onClick={onClose}
            aria-label={
              entry.unread
                ? `${entry.label}, ${t('chats.unread', { count: entry.unread })}`
                : undefined
            }
          >
            <ListItemIcon>
              {entry.unread === undefined ? (
                entry.icon
              ) : (
                <Badge
                  badgeContent={entry.unread}
                  color="error"
                  max={99}
                  // The count is in the entry's label; the dot only shows it.
                  slotProps={{ badge: { 'aria-hidden': true } }}
                >
                  {entry.icon}
                </Badge>
              )}
            </ListItemIcon>
            <ListItemText primary={entry.label} />
          </ListItemButton>
        ))}
      </List>
      {!wide && (
        // On a narrow screen this drawer is the one menu: the public pages and the language too.
        <>
          <Divider />
          <List component="nav" aria-label={t('nav.main')} dense>
            {publicLinks('/home').map((link) => (
              <ListItemButton key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
                <ListItemText primary={t(link.key)} />
              </ListItemButton>
            ))}
          </List>
          <LanguageSwitcher sx={{ alignSelf: 'flex-start', mx: 2, my: 1 }} />
        </>
      )}
      <Box sx={{ flex: 1 }} />
      <List>
        <ListItem disablePadding>
          <ListItemButton onClick={signOut}>
            <ListItemIcon>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary={t('nav.logout')} />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );

  return wide ? (
    <Drawer
      variant="permanent"
      component="aside"
      sx={{
        width: DRAWER_WIDTH,
        flexShrink: 0,
        // Below the sticky top bar and never over it: the navigation stays in view as the page
        // scrolls, under the bar (whose height is the toolbar's, 64 px on a wide screen).
        '& .MuiDrawer-paper': {
          width: DRAWER_WIDTH,
          position: 'sticky',
          top: 64,
          height: 'calc(100vh - 64px)',
          // Never taller than its row: on a screen that fills the window below the bar and the
          // email banner (app/root-layout.tsx), the drawer's foot stays in view.
          maxHeight: '100%',
          zIndex: (theme) => theme.zIndex.appBar - 1,
        },
      }}
    >
      {content}
    </Drawer>
  ) : (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: opened }}
      slotProps={{ paper: { id: 'side-menu' } }}
    >
      {content}
    </Drawer>
  );
}
