export * from './auth.js';
export * from './billing.js';
export * from './chats.js';
export * from './common.js';
export * from './errors.js';
export * from './health.js';
export * from './uploads.js';
export * from './users.js';
