export * from './calendar-date.js';
export * from './age.js';
export * from './bmi.js';
export * from './gestational-age.js';
export * from './gyne-stage.js';
export * from './infants.js';
