export * from './plural.js';
