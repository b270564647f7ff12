import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets the browser tab's title for a screen, in the current language. `titleKey` names the
 * page ("Pricing"), which is shown with the brand; `full` marks a key that is a whole title.
 */
export function DocumentTitle({ titleKey, full = false }: { titleKey: string; full?: boolean }) {
  const { t } = useTranslation();
  const title = full ? t(titleKey) : t('titles.suffix', { page: t(titleKey) });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
