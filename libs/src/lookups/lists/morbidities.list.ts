import type { LookupEntry } from '../lookup-entry.js';

/**
 * Medical morbidity categories of the current pregnancy (`morbidities`, the Pregnancy
 * Complications section). SPEC.md §3 names hypertension, renal, infections, endocrine,
 * Neurologic, Trauma, Puerperal Complications, Vascular Accidents, Anesthesia-Related
 * Complications and Others.
 */
export const MORBIDITIES: LookupEntry[] = [
  {
    id: 1, name: 'Hypertension', conditions: [
      { id: 101, name: 'Gestational hypertension' },
      { id: 102, name: 'Preeclampsia without severe features' },
      { id: 103, name: 'Preeclampsia with severe features' },
      { id: 104, name: 'Eclampsia' },
      { id: 105, name: 'HELLP syndrome' },
      { id: 106, name: 'Chronic hypertension' },
      { id: 107, name: 'Chronic hypertension with superimposed preeclampsia' },
    ],
  },
  {
    id: 2, name: 'Hemorrhage', conditions: [
      { id: 201, name: 'Placenta previa' },
      { id: 202, name: 'Placental abruption' },
      { id: 203, name: 'Postpartum hemorrhage from uterine atony' },
      { id: 204, name: 'Postpartum hemorrhage from retained placenta or products' },
      { id: 205, name: 'Postpartum hemorrhage from genital tract trauma' },
      { id: 206, name: 'Uterine rupture' },
      { id: 207, name: 'Placenta accreta spectrum' },
      { id: 208, name: 'Coagulopathy' },
    ],
  },
  {
    id: 3, name: 'Renal', conditions: [
      { id: 301, name: 'Acute kidney injury' },
      { id: 302, name: 'Chronic kidney disease in pregnancy' },
      { id: 303, name: 'Nephrolithiasis' },
    ],
  },
  {
    id: 4, name: 'Infections', conditions: [
      { id: 401, name: 'Chorioamnionitis' },
      { id: 402, name: 'Urinary tract infection' },
      { id: 403, name: 'Acute pyelonephritis' },
      { id: 404, name: 'Pneumonia' },
      { id: 405, name: 'Malaria' },
      { id: 406, name: 'Dengue' },
      { id: 407, name: 'COVID-19' },
      { id: 408, name: 'HIV infection' },
      { id: 409, name: 'Tuberculosis' },
      { id: 410, name: 'Hepatitis B' },
      { id: 411, name: 'Syphilis' },
    ],
  },
  {
    id: 5, name: 'Endocrine', conditions: [
      { id: 501, name: 'Gestational diabetes mellitus' },
      { id: 502, name: 'Pregestational diabetes mellitus' },
      { id: 503, name: 'Diabetic ketoacidosis' },
      { id: 504, name: 'Hyperthyroidism or thyroid storm' },
      { id: 505, name: 'Hypothyroidism' },
    ],
  },
  {
    id: 6, name: 'Cardiac', conditions: [
      { id: 601, name: 'Heart disease complicating pregnancy' },
      { id: 602, name: 'Peripartum cardiomyopathy' },
      { id: 603, name: 'Acute pulmonary edema' },
    ],
  },
  {
    id: 7, name: 'Respiratory', conditions: [
      { id: 701, name: 'Asthma exacerbation' },
      { id: 702, name: 'Acute respiratory distress syndrome' },
    ],
  },
  {
    id: 8, name: 'Hematologic', conditions: [
      { id: 801, name: 'Anemia in pregnancy' },
      { id: 802, name: 'Thrombocytopenia' },
      { id: 803, name: 'Sickle cell crisis' },
    ],
  },
  {
    id: 9, name: 'Neurologic', conditions: [
      { id: 901, name: 'Seizure disorder in pregnancy' },
      { id: 902, name: 'Posterior reversible encephalopathy syndrome' },
      { id: 903, name: 'Bell palsy' },
    ],
  },
  {
    id: 10, name: 'Trauma', conditions: [
      { id: 1001, name: 'Road traffic injury' },
      { id: 1002, name: 'Fall' },
      { id: 1003, name: 'Assault or intimate partner violence' },
      { id: 1004, name: 'Burns' },
    ],
  },
  {
    id: 11, name: 'Puerperal Complications', conditions: [
      { id: 1101, name: 'Puerperal sepsis' },
      { id: 1102, name: 'Surgical site infection or wound dehiscence' },
      { id: 1103, name: 'Postpartum endometritis' },
      { id: 1104, name: 'Mastitis or breast abscess' },
      { id: 1105, name: 'Postpartum psychosis' },
      { id: 1106, name: 'Secondary postpartum hemorrhage' },
    ],
  },
  {
    id: 12, name: 'Vascular Accidents', conditions: [
      { id: 1201, name: 'Deep vein thrombosis' },
      { id: 1202, name: 'Pulmonary embolism' },
      { id: 1203, name: 'Amniotic fluid embolism' },
      { id: 1204, name: 'Stroke' },
      { id: 1205, name: 'Cerebral venous sinus thrombosis' },
    ],
  },
  {
    id: 13, name: 'Anesthesia-Related Complications', conditions: [
      { id: 1301, name: 'High or total spinal block' },
      { id: 1302, name: 'Failed or difficult intubation' },
      { id: 1303, name: 'Aspiration pneumonitis' },
      { id: 1304, name: 'Local anesthetic systemic toxicity' },
      { id: 1305, name: 'Post-dural puncture headache' },
    ],
  },
  {
    id: 14, name: 'Fetal and Amniotic Complications', conditions: [
      { id: 1401, name: 'Fetal growth restriction' },
      { id: 1402, name: 'Oligohydramnios' },
      { id: 1403, name: 'Polyhydramnios' },
      { id: 1404, name: 'Prelabor rupture of membranes' },
      { id: 1405, name: 'Preterm labor' },
      { id: 1406, name: 'Rh isoimmunization' },
      { id: 1407, name: 'Intrauterine fetal death' },
    ],
  },
  {
    id: 15, name: 'Others', conditions: [
      { id: 999999, name: 'Others', prompt: 'Specify other morbidity' },
    ],
  },
  {
    // SPEC.md §5 requires morbidities once a delivery manner is set, so an uncomplicated
    // delivery needs an explicit entry saying there was none.
    id: 16, name: 'None', conditions: [
      { id: 1601, name: 'No pregnancy morbidity' },
    ],
  },
];
