export * from './lookup-entry.js';
export * from './reference-lists.js';
export * from './search-lookup.js';
export * from './lookup-label.js';
export { MEDICAL_HISTORY } from './lists/medical-history.list.js';
export { OBSTETRIC_HISTORY } from './lists/obstetric-history.list.js';
export { MORBIDITIES } from './lists/morbidities.list.js';
export { GYNE_MORBIDITIES } from './lists/gyne-morbidities.list.js';
export {
  GYNE_DIAGNOSIS, MALIGNANT_CATEGORY_IDS, IN_SITU_CONDITION_ID, SPECIAL_CATEGORY_IDS,
} from './lists/gyne-diagnosis.list.js';
export { GYNE_PROCEDURE } from './lists/gyne-procedure.list.js';
export { OB_PROCEDURE } from './lists/ob-procedure.list.js';
export { NEONATAL_CONDITIONS } from './lists/neonatal-conditions.list.js';
export { MATERNAL_DEATH_CAUSES, DIRECT_MATERNAL_DEATH_ID } from './lists/maternal-death-causes.list.js';
export {
  CS_INDICATIONS, FORCEPS_INDICATIONS, VACUUM_INDICATIONS, INSTRUMENTAL_INDICATIONS, DELIVERY_INDICATIONS,
} from './lists/delivery-indications.list.js';
