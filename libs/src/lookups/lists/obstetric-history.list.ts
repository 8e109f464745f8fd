import type { LookupEntry } from '../lookup-entry.js';

/** Events of earlier pregnancies (`obstetricHistory`). */
export const OBSTETRIC_HISTORY: LookupEntry[] = [
  {
    id: 1, name: 'Previous Caesarean Delivery', conditions: [
      { id: 101, name: 'One previous caesarean section' },
      { id: 102, name: 'Two or more previous caesarean sections' },
      { id: 103, name: 'Previous classical or T-incision caesarean section' },
    ],
  },
  {
    id: 2, name: 'Pregnancy Loss', conditions: [
      { id: 201, name: 'Recurrent pregnancy loss (3 or more)' },
      { id: 202, name: 'Previous ectopic pregnancy' },
      { id: 203, name: 'Previous molar pregnancy' },
      { id: 204, name: 'Previous stillbirth' },
      { id: 205, name: 'Previous second-trimester loss or cervical insufficiency' },
    ],
  },
  {
    id: 3, name: 'Hypertensive Disorders in a Previous Pregnancy', conditions: [
      { id: 301, name: 'Previous preeclampsia' },
      { id: 302, name: 'Previous eclampsia' },
      { id: 303, name: 'Previous HELLP syndrome' },
      { id: 304, name: 'Previous gestational hypertension' },
      { id: 305, name: 'Toxemia of pregnancy', hidden: true },
    ],
  },
  {
    id: 4, name: 'Previous Preterm Birth', conditions: [
      { id: 401, name: 'Previous spontaneous preterm birth' },
      { id: 402, name: 'Previous preterm prelabor rupture of membranes' },
    ],
  },
  {
    id: 5, name: 'Hemorrhage in a Previous Pregnancy', conditions: [
      { id: 501, name: 'Previous postpartum hemorrhage' },
      { id: 502, name: 'Previous placenta previa' },
      { id: 503, name: 'Previous placental abruption' },
      { id: 504, name: 'Previous placenta accreta spectrum' },
      { id: 505, name: 'Previous retained placenta' },
    ],
  },
  {
    id: 6, name: 'Previous Uterine Surgery or Injury', conditions: [
      { id: 601, name: 'Previous myomectomy' },
      { id: 602, name: 'Previous uterine rupture' },
      { id: 603, name: 'Previous cervical cerclage' },
    ],
  },
  {
    id: 7, name: 'Fetal and Neonatal Outcomes', conditions: [
      { id: 701, name: 'Previous fetal growth restriction' },
      { id: 702, name: 'Previous macrosomic baby (4000 g or more)' },
      { id: 703, name: 'Previous baby with congenital anomaly' },
      { id: 704, name: 'Previous neonatal death' },
      { id: 705, name: 'Rh isoimmunization' },
    ],
  },
  {
    id: 8, name: 'Metabolic', conditions: [
      { id: 801, name: 'Previous gestational diabetes mellitus' },
    ],
  },
  {
    id: 9, name: 'Others', conditions: [
      { id: 999999, name: 'Others', prompt: 'Specify other obstetric history' },
    ],
  },
];
