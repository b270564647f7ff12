export * from './fold.js';
export * from './lexicon.js';
