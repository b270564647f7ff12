import type { PrivateUser } from '@maya/contracts';
import MailLanguageSync from '../features/account/components/mail-language-sync';
import ChatNotifications from '../features/chats/components/chat-notifications';

/**
 * What runs beside every signed-in screen, loaded lazily by the layout as one chunk (never for a
 * visitor): the unread total and message toasts, and the mail language following the interface's.
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
    </>
  );
}
