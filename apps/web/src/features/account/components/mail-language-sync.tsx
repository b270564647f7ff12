import { useEffect } from 'react';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import i18n from '../../../lib/i18n';
import { mailLanguageOf } from '../../../lib/i18n/mail-language';

/**
 * Signed in only (the layout loads it lazily): switching the interface language also sets the
 * language of the person's mails, so a Portuguese reader gets Portuguese mails. Draws nothing.
 */
export default function MailLanguageSync() {
  const { mutate } = useUpdateNotificationSettings();
  useEffect(() => {
    const changed = (language: string) => {
      const mailLanguage = mailLanguageOf(language);
      // A failure is not the person's concern here: the settings form sends it again on save.
      if (mailLanguage) mutate({ language: mailLanguage });
    };
    // The app's own instance changes language; the components' instances each keep one
    // (lib/i18n/language-provider.tsx).
    i18n.on('languageChanged', changed);
    return () => i18n.off('languageChanged', changed);
  }, [mutate]);
  return null;
}
