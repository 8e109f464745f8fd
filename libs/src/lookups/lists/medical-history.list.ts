import type { LookupEntry } from '../lookup-entry.js';

/** Past medical conditions of the patient (patient and case `medicalHistory`). */
export const MEDICAL_HISTORY: LookupEntry[] = [
  {
    id: 1, name: 'Hypertensive Disease', conditions: [
      { id: 101, name: 'Chronic hypertension' },
      { id: 102, name: 'Hypertensive heart disease' },
      { id: 103, name: 'Secondary hypertension' },
    ],
  },
  {
    id: 2, name: 'Cardiac Disease', conditions: [
      { id: 201, name: 'Rheumatic heart disease' },
      { id: 202, name: 'Congenital heart disease' },
      { id: 203, name: 'Cardiomyopathy' },
      { id: 204, name: 'Cardiac arrhythmia' },
      { id: 205, name: 'Valvular heart disease, non-rheumatic' },
      { id: 206, name: 'Ischemic heart disease' },
    ],
  },
  {
    id: 3, name: 'Renal Disease', conditions: [
      { id: 301, name: 'Chronic kidney disease' },
      { id: 302, name: 'Nephrotic syndrome' },
      { id: 303, name: 'Glomerulonephritis' },
      { id: 304, name: 'Urolithiasis' },
      { id: 305, name: 'Kidney transplant recipient' },
    ],
  },
  {
    id: 4, name: 'Endocrine and Metabolic', conditions: [
      { id: 401, name: 'Diabetes mellitus type 1' },
      { id: 402, name: 'Diabetes mellitus type 2' },
      { id: 403, name: 'Hyperthyroidism' },
      { id: 404, name: 'Hypothyroidism' },
      { id: 405, name: 'Obesity (BMI 30 or more)' },
      { id: 406, name: 'Dyslipidemia' },
      { id: 407, name: 'Adrenal disorder' },
    ],
  },
  {
    id: 5, name: 'Respiratory Disease', conditions: [
      { id: 501, name: 'Bronchial asthma' },
      { id: 502, name: 'Pulmonary tuberculosis' },
      { id: 503, name: 'Chronic obstructive pulmonary disease' },
      { id: 504, name: 'Interstitial lung disease' },
    ],
  },
  {
    id: 6, name: 'Infections', conditions: [
      { id: 601, name: 'HIV infection' },
      { id: 602, name: 'Chronic hepatitis B' },
      { id: 603, name: 'Chronic hepatitis C' },
      { id: 604, name: 'Syphilis' },
      { id: 605, name: 'Extrapulmonary tuberculosis' },
      { id: 606, name: 'Malaria' },
    ],
  },
  {
    id: 7, name: 'Hematologic Disease', conditions: [
      { id: 701, name: 'Iron deficiency anemia' },
      { id: 702, name: 'Thalassemia' },
      { id: 703, name: 'Sickle cell disease' },
      { id: 704, name: 'Immune thrombocytopenia' },
      { id: 705, name: 'Inherited bleeding disorder (von Willebrand disease, hemophilia carrier)' },
      { id: 706, name: 'Thrombophilia or previous venous thromboembolism' },
    ],
  },
  {
    id: 8, name: 'Neurologic Disease', conditions: [
      { id: 801, name: 'Epilepsy or seizure disorder' },
      { id: 802, name: 'Previous stroke or cerebrovascular disease' },
      { id: 803, name: 'Migraine' },
      { id: 804, name: 'Myasthenia gravis' },
    ],
  },
  {
    id: 9, name: 'Autoimmune and Connective Tissue Disease', conditions: [
      { id: 901, name: 'Systemic lupus erythematosus' },
      { id: 902, name: 'Antiphospholipid syndrome' },
      { id: 903, name: 'Rheumatoid arthritis' },
    ],
  },
  {
    id: 10, name: 'Gastrointestinal and Hepatic Disease', conditions: [
      { id: 1001, name: 'Peptic ulcer disease' },
      { id: 1002, name: 'Chronic liver disease or cirrhosis' },
      { id: 1003, name: 'Inflammatory bowel disease' },
      { id: 1004, name: 'Cholelithiasis' },
    ],
  },
  {
    id: 11, name: 'Psychiatric Disorders', conditions: [
      { id: 1101, name: 'Depression' },
      { id: 1102, name: 'Bipolar disorder' },
      { id: 1103, name: 'Schizophrenia' },
      { id: 1104, name: 'Substance use disorder' },
    ],
  },
  {
    id: 12, name: 'Malignancy', conditions: [
      { id: 1201, name: 'Breast cancer' },
      { id: 1202, name: 'Thyroid cancer' },
      { id: 1203, name: 'Hematologic malignancy' },
      { id: 1204, name: 'Other malignancy' },
    ],
  },
  {
    id: 13, name: 'Previous Surgery', conditions: [
      { id: 1301, name: 'Previous abdominal surgery' },
      { id: 1302, name: 'Previous pelvic surgery' },
      { id: 1303, name: 'Previous bariatric surgery' },
    ],
  },
  {
    id: 14, name: 'Others', conditions: [
      { id: 999999, name: 'Others', prompt: 'Specify other medical condition' },
    ],
  },
];
