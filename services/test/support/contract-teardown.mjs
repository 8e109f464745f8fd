import { printTally } from './contract-tally.mjs';

export default printTally;
