import EmailIcon from '@mui/icons-material/Email';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearScreen } from '../../../lib/use-near-screen';

const QR_SIZE = 128;

/**
 * The QR codes are built one per task, with a library loaded apart from the page: each code
 * takes tens of milliseconds of a phone's main thread, and the page's first paint and hydration
 * need neither.
 */
let lastBuild: Promise<unknown> = Promise.resolve();
function buildQrCode(text: string): Promise<string> {
  const build = lastBuild.then(async () => {
    const qrcode = await import('qrcode');
    await new Promise((resolve) => setTimeout(resolve, 0));
    return qrcode.toString(text, {
      type: 'svg',
      margin: 1,
      color: { dark: '#1a237e', light: '#ffffff' },
    });
  });
  lastBuild = build.catch(() => undefined);
  return build;
}

/** A QR code of `text`, drawn once the person scrolls near it, in a space of its size before. */
function QrCode({ text, alt }: { text: string; alt: string }) {
  const space = useRef<HTMLDivElement>(null);
  const near = useNearScreen(space);
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!near || !text) return;
    let live = true;
    buildQrCode(text)
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [near, text]);
  return src ? (
    <img src={src} alt={alt} width={QR_SIZE} height={QR_SIZE} />
  ) : (
    <Box ref={space} sx={{ width: QR_SIZE, height: QR_SIZE }} />
  );
}

export function Contact() {
  const { t } = useTranslation();
  const email = t('landing.email');
  // The build prerenders this page in Node, where there is no window (the code is drawn after).
  const site = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Container component="section" id="contact" aria-labelledby="contact-title" sx={{ py: 6 }}>
      <Typography id="contact-title" variant="h2" gutterBottom>
        {t('landing.contactTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('landing.contactText')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center' }}>
        <QrCode text={`mailto:${email}`} alt={t('landing.qrEmail')} />
        <QrCode text={site} alt={t('landing.qrSite')} />
        <Button href={`mailto:${email}`} startIcon={<EmailIcon />} size="large">
          {email}
        </Button>
      </Box>
    </Container>
  );
}
