import type { LookupEntry } from '../lookup-entry.js';

/**
 * Maternal death causes (SPEC.md §3): Direct, Indirect and Nonmaternal, each with subcauses
 * and specific causes (WHO ICD-MM groups). On the case: `antecedent` holds the top id (1-3),
 * `antecedentType` the subcause id, `antecedentCause` the specific cause id. The direct
 * subcauses 11-16 are the report's direct death groups (SPEC.md §9).
 */
export const MATERNAL_DEATH_CAUSES: LookupEntry[] = [
  {
    id: 1, name: 'Direct', conditions: [
      {
        id: 11, name: 'Hemorrhage', conditions: [
          { id: 1101, name: 'Postpartum hemorrhage from uterine atony' },
          { id: 1102, name: 'Placenta previa' },
          { id: 1103, name: 'Placental abruption' },
          { id: 1104, name: 'Uterine rupture' },
          { id: 1105, name: 'Placenta accreta spectrum' },
          { id: 1106, name: 'Ruptured ectopic pregnancy' },
          { id: 1107, name: 'Hemorrhage following abortion' },
          { id: 1108, name: 'Retained placenta' },
        ],
      },
      {
        id: 12, name: 'Hypertension', conditions: [
          { id: 1201, name: 'Preeclampsia with severe features' },
          { id: 1202, name: 'Eclampsia' },
          { id: 1203, name: 'HELLP syndrome' },
          { id: 1204, name: 'Gestational hypertension' },
        ],
      },
      {
        id: 13, name: 'Infection', conditions: [
          { id: 1301, name: 'Puerperal sepsis' },
          { id: 1302, name: 'Septic abortion' },
          { id: 1303, name: 'Chorioamnionitis' },
          { id: 1304, name: 'Peritonitis after caesarean section' },
        ],
      },
      {
        id: 14, name: 'Vascular Accidents', conditions: [
          { id: 1401, name: 'Pulmonary thromboembolism' },
          { id: 1402, name: 'Amniotic fluid embolism' },
          { id: 1403, name: 'Stroke in pregnancy or puerperium' },
          { id: 1404, name: 'Cerebral venous sinus thrombosis' },
        ],
      },
      {
        id: 15, name: 'Anesthesia', conditions: [
          { id: 1501, name: 'Failed intubation or airway complication' },
          { id: 1502, name: 'High or total spinal block' },
          { id: 1503, name: 'Aspiration pneumonitis' },
          { id: 1504, name: 'Local anesthetic systemic toxicity' },
        ],
      },
      {
        id: 16, name: 'Others', conditions: [
          { id: 1601, name: 'Obstructed labor' },
          { id: 1602, name: 'Complication of molar pregnancy' },
          { id: 1603, name: 'Acute fatty liver of pregnancy' },
          { id: 1604, name: 'Peripartum cardiomyopathy' },
          { id: 1605, name: 'Other direct obstetric cause' },
        ],
      },
    ],
  },
  {
    id: 2, name: 'Indirect', conditions: [
      {
        id: 21, name: 'Cardiac Disease', conditions: [
          { id: 2101, name: 'Rheumatic heart disease' },
          { id: 2102, name: 'Congenital heart disease' },
          { id: 2103, name: 'Cardiomyopathy, non-peripartum' },
        ],
      },
      {
        id: 22, name: 'Infectious Disease', conditions: [
          { id: 2201, name: 'Pneumonia' },
          { id: 2202, name: 'Tuberculosis' },
          { id: 2203, name: 'HIV disease' },
          { id: 2204, name: 'Malaria' },
          { id: 2205, name: 'Dengue' },
          { id: 2206, name: 'COVID-19' },
        ],
      },
      {
        id: 23, name: 'Endocrine Disease', conditions: [
          { id: 2301, name: 'Diabetic ketoacidosis' },
          { id: 2302, name: 'Thyroid storm' },
        ],
      },
      {
        id: 24, name: 'Hematologic Disease', conditions: [
          { id: 2401, name: 'Severe anemia' },
          { id: 2402, name: 'Sickle cell crisis' },
        ],
      },
      {
        id: 25, name: 'Neurologic Disease', conditions: [
          { id: 2501, name: 'Epilepsy' },
          { id: 2502, name: 'Ruptured aneurysm or arteriovenous malformation' },
        ],
      },
      {
        id: 26, name: 'Respiratory Disease', conditions: [
          { id: 2601, name: 'Asthma' },
          { id: 2602, name: 'Acute respiratory distress syndrome' },
        ],
      },
      {
        id: 27, name: 'Renal and Hepatic Disease', conditions: [
          { id: 2701, name: 'Chronic kidney disease' },
          { id: 2702, name: 'Hepatitis or liver failure' },
        ],
      },
      {
        id: 28, name: 'Other Indirect Causes', conditions: [
          { id: 2801, name: 'Systemic lupus erythematosus' },
          { id: 2802, name: 'Malignancy' },
          { id: 2803, name: 'Other indirect cause' },
        ],
      },
    ],
  },
  {
    id: 3, name: 'Nonmaternal', conditions: [
      {
        id: 31, name: 'Injury', conditions: [
          { id: 3101, name: 'Road traffic injury' },
          { id: 3102, name: 'Fall' },
          { id: 3103, name: 'Burns' },
          { id: 3104, name: 'Drowning' },
        ],
      },
      {
        id: 32, name: 'Violence', conditions: [
          { id: 3201, name: 'Homicide or assault' },
          { id: 3202, name: 'Suicide' },
        ],
      },
      {
        id: 33, name: 'Other Incidental Causes', conditions: [
          { id: 3301, name: 'Other incidental cause' },
        ],
      },
    ],
  },
];

export const DIRECT_MATERNAL_DEATH_ID = 1;
