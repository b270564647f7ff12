export * from './users.js';
export * from './sessions.js';
export * from './password-resets.js';
export * from './sign-ins.js';
export * from './chats.js';
export * from './uploads.js';
export * from './billing.js';
export * from './legacy-folders.js';
