import type { LookupEntry } from '../lookup-entry.js';

/** About 23 caesarean section indications (SPEC.md §3, §9), ids 101-123 and 999999 Others. */
export const CS_INDICATIONS: LookupEntry[] = [
  { id: 101, name: 'Cephalopelvic disproportion' },
  { id: 102, name: 'Arrest of cervical dilatation' },
  { id: 103, name: 'Arrest of descent' },
  { id: 104, name: 'Non-reassuring fetal heart rate tracing' },
  { id: 105, name: 'Breech presentation' },
  { id: 106, name: 'Transverse or oblique lie' },
  { id: 107, name: 'Previous caesarean section (elective repeat)' },
  { id: 108, name: 'Previous classical caesarean section or uterine surgery' },
  { id: 109, name: 'Placenta previa' },
  { id: 110, name: 'Placental abruption' },
  { id: 111, name: 'Cord prolapse' },
  { id: 112, name: 'Multiple pregnancy with non-cephalic first twin' },
  { id: 113, name: 'Severe preeclampsia or eclampsia with unfavourable cervix' },
  { id: 114, name: 'Failed induction of labor' },
  { id: 115, name: 'Suspected fetal macrosomia' },
  { id: 116, name: 'Fetal anomaly precluding vaginal delivery' },
  { id: 117, name: 'Maternal infection (HIV with high viral load, active genital herpes)' },
  { id: 118, name: 'Failed instrumental delivery' },
  { id: 119, name: 'Fetal growth restriction with abnormal Doppler' },
  { id: 120, name: 'Brow or mentoposterior face presentation' },
  { id: 121, name: 'Maternal medical condition contraindicating labor' },
  { id: 122, name: 'Impending or suspected uterine rupture' },
  { id: 123, name: 'Maternal request' },
  { id: 999999, name: 'Others', prompt: 'Specify other indication' },
];

/** Forceps indications, the list of 7 (SPEC.md §3). */
export const FORCEPS_INDICATIONS: LookupEntry[] = [
  { id: 501, name: 'Prolonged second stage of labor' },
  { id: 502, name: 'Maternal exhaustion' },
  { id: 503, name: 'Non-reassuring fetal status in the second stage' },
  { id: 504, name: 'Maternal condition requiring a shortened second stage' },
  { id: 505, name: 'After-coming head in breech delivery' },
  { id: 506, name: 'Failed vacuum extraction' },
  { id: 507, name: 'Poor maternal expulsive effort (regional analgesia)' },
];

/** Vacuum indications, the list of 6 (SPEC.md §3). */
export const VACUUM_INDICATIONS: LookupEntry[] = [
  { id: 601, name: 'Prolonged second stage of labor' },
  { id: 602, name: 'Maternal exhaustion' },
  { id: 603, name: 'Non-reassuring fetal status in the second stage' },
  { id: 604, name: 'Maternal condition requiring a shortened second stage' },
  { id: 605, name: 'Occiput posterior or transverse malposition' },
  { id: 606, name: 'Poor maternal expulsive effort (regional analgesia)' },
];

/** Instrumental delivery indications, one category per instrument; ids are the manner ids 5 and 6. */
export const INSTRUMENTAL_INDICATIONS: LookupEntry[] = [
  { id: 5, name: 'Forceps Extraction', conditions: FORCEPS_INDICATIONS },
  { id: 6, name: 'Vacuum Extraction', conditions: VACUUM_INDICATIONS },
];

/**
 * Delivery indications (`deliveryIndication`, `deliveryIndication2`): one category per delivery
 * manner that asks for them (SPEC.md §4: manners 1, 5 and 6), category id = manner id.
 */
export const DELIVERY_INDICATIONS: LookupEntry[] = [
  { id: 1, name: 'Caesarean Section', conditions: CS_INDICATIONS },
  ...INSTRUMENTAL_INDICATIONS,
];
