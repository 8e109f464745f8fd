import type { LookupEntry } from '../lookup-entry.js';

/**
 * Neonatal conditions M1 to M5 (SPEC.md §3): the maternal condition groups of WHO ICD-PM,
 * used for a dead infant's `causeofdeath` (group id) and `specificcause` (condition id).
 */
export const NEONATAL_CONDITIONS: LookupEntry[] = [
  {
    id: 1, name: 'M1 Complications of placenta, cord and membranes', conditions: [
      { id: 101, name: 'Placenta previa' },
      { id: 102, name: 'Placental abruption' },
      { id: 103, name: 'Placental insufficiency or infarction' },
      { id: 104, name: 'Cord prolapse' },
      { id: 105, name: 'Cord entanglement or compression' },
      { id: 106, name: 'Chorioamnionitis' },
      { id: 107, name: 'Twin-to-twin transfusion syndrome' },
      { id: 108, name: 'Vasa previa' },
    ],
  },
  {
    id: 2, name: 'M2 Maternal complications of pregnancy', conditions: [
      { id: 201, name: 'Prelabor rupture of membranes' },
      { id: 202, name: 'Oligohydramnios' },
      { id: 203, name: 'Polyhydramnios' },
      { id: 204, name: 'Multiple pregnancy' },
      { id: 205, name: 'Malpresentation' },
      { id: 206, name: 'Cervical insufficiency' },
      { id: 207, name: 'Spontaneous preterm labor' },
    ],
  },
  {
    id: 3, name: 'M3 Other complications of labour and delivery', conditions: [
      { id: 301, name: 'Obstructed labor or cephalopelvic disproportion' },
      { id: 302, name: 'Prolonged labor' },
      { id: 303, name: 'Uterine rupture' },
      { id: 304, name: 'Shoulder dystocia' },
      { id: 305, name: 'Complication of instrumental delivery' },
      { id: 306, name: 'Intrapartum fetal compromise' },
    ],
  },
  {
    id: 4, name: 'M4 Maternal medical and surgical conditions', conditions: [
      { id: 401, name: 'Hypertensive disorders of pregnancy' },
      { id: 402, name: 'Maternal diabetes mellitus' },
      { id: 403, name: 'Maternal infection (syphilis, HIV, malaria)' },
      { id: 404, name: 'Maternal anemia' },
      { id: 405, name: 'Maternal injury' },
      { id: 406, name: 'Maternal substance use' },
      { id: 407, name: 'Maternal undernutrition' },
    ],
  },
  {
    id: 5, name: 'M5 No maternal condition identified', conditions: [
      { id: 501, name: 'No maternal condition identified' },
    ],
  },
];
