// The public face of chats: what other features may use. The chats screen itself is loaded by
// its route (app/routes/chats.route.tsx).
export { useOpenChat } from './api/open-chat';
