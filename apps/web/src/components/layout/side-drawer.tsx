import ChatIcon from '@mui/icons-material/Chat';
import GroupsIcon from '@mui/icons-material/Groups';
import LogoutIcon from '@mui/icons-material/Logout';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import StorefrontIcon from '@mui/icons-material/Storefront';
import Avatar from '@mui/material/Avatar';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { PrivateUser } from '@maya/contracts';
import { DRAWER_WIDTH } from './drawer-width';
import { useSignOut } from './use-sign-out';

const STORAGE_KEY = 'navBtn';

interface Entry {
  id: string;
  to: string;
  label: string;
  icon: React.ReactNode;
}

export function SideDrawer({
  user,
  open,
  onClose,
}: {
  user: PrivateUser;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const [selected, setSelected] = useState(() => localStorage.getItem(STORAGE_KEY));

  const entries: Entry[] = [
    user.role === 'buyer'
      ? { id: 'Sellers', to: '/sellers', label: t('nav.sellers'), icon: <StorefrontIcon /> }
      : { id: 'Buyers', to: '/dashboard', label: t('nav.buyers'), icon: <GroupsIcon /> },
    { id: 'Chats', to: '/inbox', label: t('nav.chats'), icon: <ChatIcon /> },
    { id: 'AI Assistant', to: '/assistant', label: t('nav.assistant'), icon: <SmartToyIcon /> },
  ];
  const current = entries.find((entry) => pathname.startsWith(entry.to))?.id ?? selected;

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
        <Avatar src={user.thumbnailUrl ?? undefined} alt="">
          {user.firstName.slice(0, 1)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 600 }}>
            {user.fullName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
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
            onClick={() => {
              localStorage.setItem(STORAGE_KEY, entry.id);
              setSelected(entry.id);
              onClose();
            }}
          >
            <ListItemIcon>{entry.icon}</ListItemIcon>
            <ListItemText primary={entry.label} />
          </ListItemButton>
        ))}
      </List>
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
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, position: 'relative' },
      }}
    >
      {content}
    </Drawer>
  ) : (
    <Drawer variant="temporary" open={open} onClose={onClose} ModalProps={{ keepMounted: true }}>
      {content}
    </Drawer>
  );
}
