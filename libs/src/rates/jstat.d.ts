// jstat ships no types: what this package uses of it. tsconfig.base.json maps 'jstat' here ("paths").
declare const jstat: {
  jStat: {
    chisquare: {
      /** The quantile (inverse distribution function) of the chi-square distribution. */
      inv(p: number, degreesOfFreedom: number): number;
    };
  };
};
export default jstat;
