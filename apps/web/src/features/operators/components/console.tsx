import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { Operator } from '@maya/contracts';
import { useMemo, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { LanguageSwitcher } from '../../../components/layout/language-switcher';
import { PageLoader } from '../../../components/page-loader';
import { useNamespaces } from '../../../lib/i18n/use-namespace';
import {
  useOperatorSession,
  useOperatorSessionEnd,
  useOperatorSignOut,
} from '../api/operator-session';
import { ConsoleSignIn } from './console-sign-in';
import { FreshCodeProvider } from './fresh-code';

/** One screen of the console: its path under /admin, its name in the navigation, who sees it. */
export interface ConsoleScreen {
  /** The path under /admin, without a slash: `audit` is /admin/audit (and /admin/audit/…). */
  path: string;
  /** Its name in the navigation, `namespace:key`; the console loads each namespace named. */
  label: string;
  /** Shown to admins only (the API refuses moderators anyway). */
  adminOnly?: boolean;
  Screen: ComponentType<{ operator: Operator }>;
}

/**
 * The operator console at /admin: sign-in (password, then a code) and, signed in, the shell with
 * its navigation and the screens given. Apart from the member site: no member bars, no member
 * data, a session of its own.
 */
export function Console({ screens }: { screens: readonly ConsoleScreen[] }) {
  const namespaces = useMemo(
    () => [...new Set(['operators', ...screens.map((screen) => screen.label.split(':')[0]!)])],
    [screens],
  );
  const ready = useNamespaces(namespaces);
  const session = useOperatorSession();
  useOperatorSessionEnd();

  if (!ready || session.isLoading) return <PageLoader />;
  const state = session.data;
  let content;
  if (!state || state.stage === 'code')
    content = (
      <>
        <ConsoleBar />
        <Box component="main" id="main" tabIndex={-1}>
          <ConsoleSignIn stage={state ? 'code' : 'password'} />
        </Box>
      </>
    );
  else
    content = (
      <FreshCodeProvider>
        <ConsoleLayout operator={state.operator} screens={screens} />
      </FreshCodeProvider>
    );
  return <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>{content}</Box>;
}

/** The bar above sign-in: the console's name and the language. */
function ConsoleBar({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('operators');
  return (
    <AppBar position="static" color="default" elevation={1} component="header">
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: { xs: 1, sm: 0 } }}>
        <Typography component="p" variant="h6" sx={{ flexGrow: 1, fontSize: '1.1rem' }}>
          {t('console')}
        </Typography>
        <LanguageSwitcher />
        {children}
      </Toolbar>
    </AppBar>
  );
}

function ConsoleLayout({
  operator,
  screens,
}: {
  operator: Operator;
  screens: readonly ConsoleScreen[];
}) {
  const { t } = useTranslation('operators');
  const signOut = useOperatorSignOut();
  const visible = screens.filter((screen) => !screen.adminOnly || operator.role === 'admin');
  const first = visible[0];

  return (
    <>
      <ConsoleBar>
        <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' } }}>
          {t('signedInAs', { email: operator.email, role: t(`roles.${operator.role}`) })}
        </Typography>
        <Button onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {t('signOut')}
        </Button>
      </ConsoleBar>
      <Box
        component="nav"
        aria-label={t('navLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        <Box
          component="ul"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 0.5,
            listStyle: 'none',
            m: 0,
            px: 1,
            py: 0.5,
          }}
        >
          {visible.map((screen) => (
            <li key={screen.path}>
              <Button
                component={NavLink}
                to={`/admin/${screen.path}`}
                sx={{
                  '&.active': { bgcolor: 'action.selected', fontWeight: 700 },
                }}
              >
                {t(screen.label)}
              </Button>
            </li>
          ))}
        </Box>
      </Box>
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ px: { xs: 2, md: 4 }, py: 3, maxWidth: 1200, mx: 'auto' }}
      >
        <Routes>
          {first && <Route index element={<Navigate to={first.path} replace />} />}
          {visible.map((screen) => (
            <Route
              key={screen.path}
              path={`${screen.path}/*`}
              element={<screen.Screen operator={operator} />}
            />
          ))}
          <Route path="*" element={first ? <Navigate to={first.path} replace /> : null} />
        </Routes>
      </Box>
    </>
  );
}
