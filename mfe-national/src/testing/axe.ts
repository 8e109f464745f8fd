export { axeViolations } from '@pnss/web/testing';
