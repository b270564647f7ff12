import EmailIcon from '@mui/icons-material/Email';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

function useQrCode(text: string): string | undefined {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    qrSvg(text, { type: 'svg', margin: 1, color: { dark: '#1a237e', light: '#ffffff' } })
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return src;
}

export function Contact() {
  const { t } = useTranslation();
  const email = t('landing.email');
  const emailQr = useQrCode(`mailto:${email}`);
  // The build prerenders this page in Node, where there is no window (the code is drawn after).
  const siteQr = useQrCode(typeof window === 'undefined' ? '' : window.location.origin);
  return (
    <Container component="section" id="contact" aria-labelledby="contact-title" sx={{ py: 6 }}>
      <Typography id="contact-title" variant="h2" gutterBottom>
        {t('landing.contactTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('landing.contactText')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center' }}>
        {emailQr && <img src={emailQr} alt={t('landing.qrEmail')} width={128} height={128} />}
        {siteQr && <img src={siteQr} alt={t('landing.qrSite')} width={128} height={128} />}
        <Button href={`mailto:${email}`} startIcon={<EmailIcon />} size="large">
          {email}
        </Button>
      </Box>
    </Container>
  );
}
