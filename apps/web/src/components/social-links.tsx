import InstagramIcon from '@mui/icons-material/Instagram';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import XIcon from '@mui/icons-material/X';

export const socialLinks = [
  { key: 'social.instagram', href: 'https://www.instagram.com/', icon: <InstagramIcon /> },
  { key: 'social.linkedin', href: 'https://www.linkedin.com/', icon: <LinkedInIcon /> },
  { key: 'social.x', href: 'https://x.com/', icon: <XIcon /> },
] as const;
