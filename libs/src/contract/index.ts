/**
 * The API contract's generated part (issue 15): the JSON schemas of every answer in `ApiAnswers`
 * (src/api/answers.ts), for the services' OpenAPI document and the API tests' answer validation.
 * Kept out of `@pnss/libs/api` so no front-end bundle carries it.
 */
export { ANSWER_SCHEMAS } from './answer-schemas.generated.js';
