import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

export default function Route() {
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1">inbox</Typography>
    </Container>
  );
}
