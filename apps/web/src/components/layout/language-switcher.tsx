import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { languages, setLanguage } from '../../lib/i18n';

/** EN/PT: a labelled group of toggle buttons; the choice is remembered and sets <html lang>. */
export function LanguageSwitcher({ sx }: { sx?: SxProps<Theme> }) {
  const { t, i18n } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={i18n.resolvedLanguage ?? i18n.language}
      aria-label={t('nav.language')}
      onChange={(_event, language: string | null) => {
        if (language) void setLanguage(language);
      }}
      sx={sx}
    >
      {languages.map((code) => (
        <ToggleButton
          key={code}
          value={code}
          lang={code}
          // The visible code stays part of the name (WCAG 2.5.3, label in name).
          aria-label={`${t(`nav.languages.${code}`)} (${code.toUpperCase()})`}
          sx={{ px: 1.2, py: 0.4, fontWeight: 700 }}
        >
          {code.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
