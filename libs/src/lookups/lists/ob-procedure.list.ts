import type { LookupEntry } from '../lookup-entry.js';

/** Obstetric procedure categories (`obProcedure`, the OB Procedures section). */
export const OB_PROCEDURE: LookupEntry[] = [
  {
    id: 1, name: 'Hemorrhage Control', conditions: [
      { id: 101, name: 'Uterine balloon tamponade' },
      { id: 102, name: 'B-Lynch or other compression suture' },
      { id: 103, name: 'Uterine artery ligation' },
      { id: 104, name: 'Internal iliac artery ligation' },
      { id: 105, name: 'Peripartum hysterectomy' },
      { id: 106, name: 'Manual removal of placenta' },
      { id: 107, name: 'Repair of cervical or vaginal laceration' },
      { id: 108, name: 'Uterine artery embolization' },
    ],
  },
  {
    id: 2, name: 'Perineal Repair', conditions: [
      { id: 201, name: 'Episiotomy and repair' },
      { id: 202, name: 'Repair of third- or fourth-degree perineal tear' },
    ],
  },
  {
    id: 3, name: 'Early Pregnancy', conditions: [
      { id: 301, name: 'Manual vacuum aspiration' },
      { id: 302, name: 'Completion curettage' },
      { id: 303, name: 'Salpingectomy for ectopic pregnancy' },
      { id: 304, name: 'Salpingostomy for ectopic pregnancy' },
      { id: 305, name: 'Suction evacuation of molar pregnancy' },
    ],
  },
  {
    id: 4, name: 'Antepartum', conditions: [
      { id: 401, name: 'Cervical cerclage' },
      { id: 402, name: 'External cephalic version' },
      { id: 403, name: 'Amniocentesis' },
      { id: 404, name: 'Amnioinfusion' },
    ],
  },
  {
    id: 5, name: 'Anesthesia', conditions: [
      { id: 501, name: 'Spinal anesthesia' },
      { id: 502, name: 'Epidural analgesia' },
      { id: 503, name: 'General anesthesia' },
    ],
  },
  {
    id: 6, name: 'Critical Care', conditions: [
      { id: 601, name: 'Blood transfusion' },
      { id: 602, name: 'Intensive care admission' },
      { id: 603, name: 'Mechanical ventilation' },
      { id: 604, name: 'Hemodialysis' },
    ],
  },
  {
    id: 7, name: 'Surgical Re-exploration', conditions: [
      { id: 701, name: 'Relaparotomy' },
      { id: 702, name: 'Evacuation of wound or vulvar hematoma' },
      { id: 703, name: 'Repair of uterine rupture' },
    ],
  },
  {
    id: 8, name: 'Others', conditions: [
      { id: 999999, name: 'Others', prompt: 'Specify other procedure' },
    ],
  },
];
