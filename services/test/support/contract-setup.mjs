import { clearTally } from './contract-tally.mjs';

export default clearTally;
