import Box from '@mui/material/Box';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { Footer } from '../components/layout/footer';
import { SideDrawer, DRAWER_WIDTH } from '../components/layout/side-drawer';
import { TopBar } from '../components/layout/top-bar';
import { useSession } from '../lib/session';

export function RootLayout() {
  const { user } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar onOpenDrawer={user ? () => setDrawerOpen(true) : undefined} />
      <Box sx={{ display: 'flex', flex: 1 }}>
        {user && <SideDrawer user={user} open={drawerOpen} onClose={() => setDrawerOpen(false)} />}
        <Box
          component="main"
          id="main"
          tabIndex={-1}
          sx={{
            flex: 1,
            minWidth: 0,
            width: { md: user ? `calc(100% - ${DRAWER_WIDTH}px)` : '100%' },
          }}
        >
          <Outlet />
        </Box>
      </Box>
      {!user && <Footer />}
    </Box>
  );
}
