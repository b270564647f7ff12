import type { PrivateUser } from '@maya/contracts';
import MailLanguageSync from '../features/account/components/mail-language-sync';
import ChatNotifications from '../features/chats/components/chat-notifications';
import RestrictionListener from '../features/moderation/components/restriction-listener';

/**
 * What runs beside every signed-in screen, loaded lazily by the layout as one chunk (never for a
 * visitor): the unread total and message toasts, the mail language following the interface's, and
 * the word that an operator has just suspended or terminated the account.
 */
export default function SignedInServices({
  user,
  onUnread,
}: {
  user: PrivateUser;
  onUnread: (messages: number) => void;
}) {
  return (
    <>
      <ChatNotifications user={user} onUnread={onUnread} />
      <MailLanguageSync />
      <RestrictionListener />
    </>
  );
}
