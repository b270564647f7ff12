import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { HydrateInTurn } from '../start/hydration-turns';

export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 2, md: 3 }, mb: 3 }}
    >
      <Typography id={id} variant="h2" sx={{ fontSize: '1.3rem', mb: 2 }}>
        {title}
      </Typography>
      <HydrateInTurn>{children}</HydrateInTurn>
    </Paper>
  );
}
