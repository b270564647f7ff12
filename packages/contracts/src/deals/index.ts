export * from './deal-machine.js';
export * from './deal-process.js';
export * from './deals.js';
