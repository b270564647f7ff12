import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import i18n from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from './router';
import { theme } from './theme';

const Toasts = lazy(() => import('./toasts'));

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <RouterProvider router={router} />
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
