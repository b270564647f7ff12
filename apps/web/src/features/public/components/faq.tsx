import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function Faq() {
  const { t } = useTranslation();
  const questions = t('landing.faq', { returnObjects: true }) as { q: string; a: string }[];
  return (
    <Container
      component="section"
      id="faq"
      aria-labelledby="faq-title"
      sx={{ py: 6, maxWidth: 'md' }}
    >
      <Typography id="faq-title" variant="h2" gutterBottom>
        {t('landing.faqTitle')}
      </Typography>
      {questions.map((item, index) => (
        <Accordion key={item.q} disableGutters>
          <AccordionSummary
            expandIcon={<ExpandMoreIcon />}
            id={`faq-${index}-header`}
            aria-controls={`faq-${index}-content`}
          >
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {item.q}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`faq-${index}-content`}>
            <Typography>{item.a}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Container>
  );
}
