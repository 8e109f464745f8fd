// jstat ships no types: what this package uses of it. tsconfig.base.json maps 'jstat' here ("paths").
declare const jstat: {
  jStat: {
    chisquare: {
      /** The quantile (inverse distribution function) of the chi-square distribution. */
      inv(p: number, degreesOfFreedom: number): number;
    };
    /** The regularized incomplete beta function I_x(a, b). */
    ibeta(x: number, a: number, b: number): number;
    /** The regularized lower incomplete gamma function P(a, x). */
    lowRegGamma(a: number, x: number): number;
  };
};
export default jstat;
