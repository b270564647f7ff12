import Paper from '@mui/material/Paper';
import type { PrivateUser } from '@maya/contracts';
import { SectorForm } from './sector-form';

/** Asks a business without a sector for one, wherever it is shown (the dashboard); else nothing. */
export function SectorPrompt({ user }: { user: PrivateUser }) {
  if (user.role !== 'seller' || user.category) return null;
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, mb: 3 }}>
      <SectorForm user={user} />
    </Paper>
  );
}
