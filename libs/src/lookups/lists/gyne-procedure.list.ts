import type { LookupEntry } from '../lookup-entry.js';

/**
 * Gynecologic procedure categories (`concomitantProcedure`, `surgicalIntervention`), by organ.
 * Ids 7 and 8 are the categories SPEC.md §3 maps to procedure types MIS and Others, so the
 * endoscopic procedures sit in 7 and Vulva takes 9.
 */
export const GYNE_PROCEDURE: LookupEntry[] = [
  {
    id: 1, name: 'Uterus', conditions: [
      { id: 101, name: 'Total abdominal hysterectomy' },
      { id: 102, name: 'Subtotal (supracervical) hysterectomy' },
      { id: 103, name: 'Radical hysterectomy' },
      { id: 104, name: 'Vaginal hysterectomy' },
      { id: 105, name: 'Abdominal myomectomy' },
      { id: 106, name: 'Dilatation and curettage' },
      { id: 107, name: 'Endometrial biopsy' },
      { id: 108, name: 'Suction curettage' },
      { id: 109, name: 'Metroplasty' },
    ],
  },
  {
    id: 2, name: 'Ovary', conditions: [
      { id: 201, name: 'Ovarian cystectomy' },
      { id: 202, name: 'Unilateral salpingo-oophorectomy' },
      { id: 203, name: 'Bilateral salpingo-oophorectomy' },
      { id: 204, name: 'Ovarian detorsion' },
      { id: 205, name: 'Ovarian wedge resection or biopsy' },
    ],
  },
  {
    id: 3, name: 'Cervical', conditions: [
      { id: 301, name: 'Loop electrosurgical excision (LEEP/LLETZ)' },
      { id: 302, name: 'Cold knife conization' },
      { id: 303, name: 'Cervical polypectomy' },
      { id: 304, name: 'Radical trachelectomy' },
      { id: 305, name: 'Cryotherapy or thermal ablation of the cervix' },
    ],
  },
  {
    id: 4, name: 'Fallopian Tube', conditions: [
      { id: 401, name: 'Salpingectomy' },
      { id: 402, name: 'Interval bilateral tubal ligation' },
      { id: 403, name: 'Salpingostomy' },
      { id: 404, name: 'Tubal reanastomosis' },
    ],
  },
  {
    id: 5, name: 'Pelvis', conditions: [
      { id: 501, name: 'Surgical staging (omentectomy, peritoneal washings, biopsies)' },
      { id: 502, name: 'Pelvic and para-aortic lymphadenectomy' },
      { id: 503, name: 'Drainage of pelvic abscess' },
      { id: 504, name: 'Adhesiolysis' },
      { id: 505, name: 'Exploratory laparotomy' },
      { id: 506, name: 'Pelvic exenteration' },
      { id: 507, name: 'Abdominal sacrocolpopexy' },
      { id: 508, name: 'Debulking (cytoreductive) surgery' },
    ],
  },
  {
    id: 6, name: 'Vagina', conditions: [
      { id: 601, name: 'Anterior colporrhaphy' },
      { id: 602, name: 'Posterior colporrhaphy' },
      { id: 603, name: 'Sacrospinous ligament fixation' },
      { id: 604, name: 'Repair of vesicovaginal fistula' },
      { id: 605, name: 'Colpocleisis' },
      { id: 606, name: 'Excision of vaginal cyst' },
      { id: 607, name: 'Midurethral sling' },
    ],
  },
  {
    id: 7, name: 'Minimally Invasive Surgery', conditions: [
      { id: 701, name: 'Diagnostic laparoscopy' },
      { id: 702, name: 'Total laparoscopic hysterectomy' },
      { id: 703, name: 'Laparoscopic myomectomy' },
      { id: 704, name: 'Laparoscopic ovarian cystectomy' },
      { id: 705, name: 'Laparoscopic salpingectomy' },
      { id: 706, name: 'Diagnostic hysteroscopy' },
      { id: 707, name: 'Operative hysteroscopy (polypectomy, myomectomy, adhesiolysis)' },
      { id: 708, name: 'Laparoscopic excision of endometriosis' },
      { id: 709, name: 'Laparoscopy-assisted vaginal hysterectomy' },
      { id: 710, name: 'Laparoscopic ovarian drilling' },
    ],
  },
  {
    id: 8, name: 'Others', conditions: [
      { id: 999999, name: 'Others', prompt: 'Specify other procedure' },
    ],
  },
  {
    id: 9, name: 'Vulva', conditions: [
      { id: 901, name: 'Marsupialization of Bartholin cyst' },
      { id: 902, name: 'Wide local excision of the vulva' },
      { id: 903, name: 'Radical vulvectomy' },
      { id: 904, name: 'Vulvar biopsy' },
      { id: 905, name: 'Inguinofemoral lymphadenectomy' },
    ],
  },
];
