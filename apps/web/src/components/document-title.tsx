import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setPageTitle } from '../lib/tab-title';

export type DocumentTitleProps =
  /** `titleKey` names the page ("Pricing"); `full` marks a key that is a whole title. */
  | { titleKey: string; full?: boolean }
  /** A page named by its content, such as a seller's name. */
  | { page: string };

/**
 * Sets the browser tab's title for a screen, in the current language, shown with the brand. A
 * screen inside the route's element may set a more specific one: its effect runs after the
 * route's.
 */
export function DocumentTitle(props: DocumentTitleProps) {
  const { t } = useTranslation();
  const title =
    'page' in props
      ? t('titles.suffix', { page: props.page })
      : props.full
        ? t(props.titleKey)
        : t('titles.suffix', { page: t(props.titleKey) });
  useEffect(() => {
    setPageTitle(title);
  }, [title]);
  return null;
}
