import AutoModeIcon from '@mui/icons-material/AutoMode';
import HandshakeIcon from '@mui/icons-material/Handshake';
import PriceCheckIcon from '@mui/icons-material/PriceCheck';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const icons = [
  <SupportAgentIcon key="a" />,
  <PriceCheckIcon key="b" />,
  <HandshakeIcon key="c" />,
  <AutoModeIcon key="d" />,
];

export function FeatureCards({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  const { t } = useTranslation();
  const features = t('landing.features', { returnObjects: true }) as {
    title: string;
    text: string;
  }[];
  return (
    <Container component="section" id="features" aria-labelledby="features-title" sx={{ py: 6 }}>
      <Typography id="features-title" variant="h2" component={headingLevel} gutterBottom>
        {t('landing.featuresTitle')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
        }}
      >
        {features.map((feature, index) => (
          <Card key={feature.title} variant="outlined">
            <CardContent>
              <Box sx={{ color: 'primary.main', mb: 1 }}>{icons[index]}</Box>
              <Typography variant="h3" component={headingLevel === 'h1' ? 'h2' : 'h3'} gutterBottom>
                {feature.title}
              </Typography>
              <Typography color="text.secondary">{feature.text}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Container>
  );
}
