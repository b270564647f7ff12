// The public face of chats: what other features may use. The chats screen itself is loaded by
// its route (app/routes/chats.route.tsx).
export { useOpenChat } from './api/open-chat';
// What the chats screens show, which the server reads to render them (src/prerender.tsx).
export { chatsQuery } from './api/get-chats';
export { chatQuery } from './api/get-chat';
export { messagesQuery } from './api/get-messages';
export { unreadQuery } from './api/get-unread';
