import type { LookupEntry } from '../lookup-entry.js';

/** Co-morbidities of a gynecologic patient (`gynemorbidities`), which shape surgical risk. */
export const GYNE_MORBIDITIES: LookupEntry[] = [
  {
    id: 1, name: 'Cardiovascular', conditions: [
      { id: 101, name: 'Hypertension' },
      { id: 102, name: 'Ischemic heart disease' },
      { id: 103, name: 'Heart failure' },
      { id: 104, name: 'Cardiac arrhythmia' },
      { id: 105, name: 'Valvular heart disease' },
    ],
  },
  {
    id: 2, name: 'Endocrine and Metabolic', conditions: [
      { id: 201, name: 'Diabetes mellitus' },
      { id: 202, name: 'Obesity (BMI 30 or more)' },
      { id: 203, name: 'Thyroid disease' },
      { id: 204, name: 'Dyslipidemia' },
    ],
  },
  {
    id: 3, name: 'Respiratory', conditions: [
      { id: 301, name: 'Bronchial asthma' },
      { id: 302, name: 'Chronic obstructive pulmonary disease' },
      { id: 303, name: 'Pulmonary tuberculosis' },
    ],
  },
  {
    id: 4, name: 'Renal', conditions: [
      { id: 401, name: 'Chronic kidney disease' },
      { id: 402, name: 'Obstructive uropathy' },
    ],
  },
  {
    id: 5, name: 'Hematologic', conditions: [
      { id: 501, name: 'Anemia' },
      { id: 502, name: 'Bleeding disorder or coagulopathy' },
      { id: 503, name: 'Previous venous thromboembolism' },
    ],
  },
  {
    id: 6, name: 'Infections', conditions: [
      { id: 601, name: 'HIV infection' },
      { id: 602, name: 'Chronic hepatitis B' },
      { id: 603, name: 'Sexually transmitted infection' },
    ],
  },
  {
    id: 7, name: 'Neurologic and Psychiatric', conditions: [
      { id: 701, name: 'Previous stroke' },
      { id: 702, name: 'Epilepsy' },
      { id: 703, name: 'Depression or anxiety disorder' },
    ],
  },
  {
    id: 8, name: 'Others', conditions: [
      { id: 999999, name: 'Others', prompt: 'Specify other co-morbidity' },
    ],
  },
];
