import type { LookupEntry } from '../lookup-entry.js';

/**
 * Gynecologic diagnosis categories (`gynecologicalDiagnosis`, `gyneDiagnosis`), in ICD-10 and
 * FIGO/WHO terms. Fixed by SPEC.md §3: malignant categories 14, 15, 16, 18, 23, 211, 212, 213,
 * 214, 216; in-situ condition 1000033; 999999 Others prompting 'Specify histopath diagnosis'.
 * Terms replaced by newer classifications (PALM-COEIN, WHO 2014 hyperplasia) are hidden.
 */
export const GYNE_DIAGNOSIS: LookupEntry[] = [
  {
    id: 1, name: 'Uterine Leiomyoma', conditions: [
      { id: 101, name: 'Intramural leiomyoma' },
      { id: 102, name: 'Submucous leiomyoma' },
      { id: 103, name: 'Subserous leiomyoma' },
      { id: 104, name: 'Cervical leiomyoma' },
      { id: 105, name: 'Leiomyoma with degeneration' },
    ],
  },
  {
    id: 2, name: 'Adenomyosis', conditions: [
      { id: 201, name: 'Diffuse adenomyosis' },
      { id: 202, name: 'Focal adenomyosis (adenomyoma)' },
    ],
  },
  {
    id: 3, name: 'Endometrial Polyp', conditions: [
      { id: 301, name: 'Endometrial polyp' },
    ],
  },
  {
    id: 4, name: 'Endometrial Hyperplasia', conditions: [
      { id: 401, name: 'Endometrial hyperplasia without atypia' },
      { id: 402, name: 'Atypical hyperplasia' },
      { id: 403, name: 'Complex hyperplasia with atypia', hidden: true },
      { id: 1000010, name: 'Endometrial intraepithelial neoplasia (EIN)' },
    ],
  },
  {
    id: 5, name: 'Abnormal Uterine Bleeding, Non-structural', conditions: [
      { id: 501, name: 'Dysfunctional uterine bleeding', hidden: true },
      { id: 1000001, name: 'AUB-O: ovulatory dysfunction' },
      { id: 1000002, name: 'AUB-C: coagulopathy' },
      { id: 1000003, name: 'AUB-E: endometrial disorder' },
      { id: 1000004, name: 'AUB-I: iatrogenic' },
      { id: 1000005, name: 'AUB-N: not yet classified' },
    ],
  },
  {
    id: 6, name: 'Endometriosis', conditions: [
      { id: 601, name: 'Ovarian endometrioma' },
      { id: 602, name: 'Peritoneal endometriosis' },
      { id: 603, name: 'Deep infiltrating endometriosis' },
      { id: 604, name: 'Extrapelvic endometriosis (scar, umbilical)' },
    ],
  },
  {
    id: 7, name: 'Functional Ovarian Cyst', conditions: [
      { id: 701, name: 'Follicular cyst' },
      { id: 702, name: 'Corpus luteum cyst' },
      { id: 703, name: 'Hemorrhagic ovarian cyst' },
      { id: 704, name: 'Ruptured ovarian cyst' },
    ],
  },
  {
    id: 8, name: 'Benign Ovarian Neoplasm', conditions: [
      { id: 801, name: 'Mature cystic teratoma (dermoid cyst)' },
      { id: 802, name: 'Serous cystadenoma' },
      { id: 803, name: 'Mucinous cystadenoma' },
      { id: 804, name: 'Fibroma or thecoma' },
      { id: 805, name: 'Brenner tumor' },
    ],
  },
  {
    id: 9, name: 'Pelvic Inflammatory Disease', conditions: [
      { id: 901, name: 'Acute salpingitis' },
      { id: 902, name: 'Chronic pelvic inflammatory disease' },
      { id: 903, name: 'Pelvic peritonitis' },
    ],
  },
  {
    id: 10, name: 'Tubo-ovarian Abscess', conditions: [
      { id: 1001, name: 'Unilateral tubo-ovarian abscess' },
      { id: 1002, name: 'Bilateral tubo-ovarian abscess' },
      { id: 1003, name: 'Ruptured tubo-ovarian abscess' },
    ],
  },
  {
    id: 11, name: 'Cervical Intraepithelial Neoplasia', conditions: [
      { id: 1101, name: 'Low-grade squamous intraepithelial lesion (CIN 1)' },
      { id: 1102, name: 'High-grade squamous intraepithelial lesion (CIN 2)' },
      { id: 1103, name: 'High-grade squamous intraepithelial lesion (CIN 3)' },
    ],
  },
  {
    id: 12, name: 'Benign Cervical Lesion', conditions: [
      { id: 1201, name: 'Cervical polyp' },
      { id: 1202, name: 'Nabothian cyst' },
      { id: 1203, name: 'Chronic cervicitis' },
      { id: 1204, name: 'Cervical ectropion' },
    ],
  },
  {
    id: 13, name: 'Pelvic Organ Prolapse', conditions: [
      { id: 1301, name: 'Uterovaginal prolapse' },
      { id: 1302, name: 'Cystocele' },
      { id: 1303, name: 'Rectocele' },
      { id: 1304, name: 'Enterocele' },
      { id: 1305, name: 'Vaginal vault prolapse' },
    ],
  },
  {
    id: 14, name: 'Malignant Neoplasm of the Cervix', conditions: [
      { id: 1401, name: 'Squamous cell carcinoma of the cervix' },
      { id: 1402, name: 'Adenocarcinoma of the cervix' },
      { id: 1403, name: 'Adenosquamous carcinoma of the cervix' },
      { id: 1404, name: 'Neuroendocrine carcinoma of the cervix' },
      { id: 1000033, name: 'Carcinoma in situ of the cervix (including adenocarcinoma in situ)' },
    ],
  },
  {
    id: 15, name: 'Malignant Neoplasm of the Corpus Uteri', conditions: [
      { id: 1501, name: 'Endometrioid adenocarcinoma' },
      { id: 1502, name: 'Serous carcinoma of the endometrium' },
      { id: 1503, name: 'Clear cell carcinoma of the endometrium' },
      { id: 1504, name: 'Carcinosarcoma (malignant mixed Mullerian tumor)' },
      { id: 1505, name: 'Undifferentiated or dedifferentiated carcinoma' },
    ],
  },
  {
    id: 16, name: 'Malignant Neoplasm of the Ovary', conditions: [
      { id: 1601, name: 'High-grade serous carcinoma' },
      { id: 1602, name: 'Low-grade serous carcinoma' },
      { id: 1603, name: 'Mucinous carcinoma' },
      { id: 1604, name: 'Endometrioid carcinoma of the ovary' },
      { id: 1605, name: 'Clear cell carcinoma of the ovary' },
      { id: 1606, name: 'Malignant germ cell tumor' },
      { id: 1607, name: 'Sex cord-stromal tumor (granulosa cell tumor)' },
    ],
  },
  {
    id: 17, name: 'Borderline Ovarian Tumor', conditions: [
      { id: 1701, name: 'Serous borderline tumor' },
      { id: 1702, name: 'Mucinous borderline tumor' },
      { id: 1703, name: 'Seromucinous or endometrioid borderline tumor' },
    ],
  },
  {
    id: 18, name: 'Malignant Neoplasm of the Vulva', conditions: [
      { id: 1801, name: 'Squamous cell carcinoma of the vulva' },
      { id: 1802, name: 'Melanoma of the vulva' },
      { id: 1803, name: 'Invasive extramammary Paget disease' },
      { id: 1804, name: 'Basal cell carcinoma of the vulva' },
    ],
  },
  {
    id: 19, name: 'Vulvar Intraepithelial Neoplasia and Dermatoses', conditions: [
      { id: 1901, name: 'Vulvar high-grade squamous intraepithelial lesion' },
      { id: 1902, name: 'Differentiated VIN' },
      { id: 1903, name: 'Lichen sclerosus' },
      { id: 1904, name: 'Lichen simplex chronicus' },
    ],
  },
  {
    id: 20, name: 'Bartholin Gland Disease', conditions: [
      { id: 2001, name: 'Bartholin cyst' },
      { id: 2002, name: 'Bartholin abscess' },
    ],
  },
  {
    id: 21, name: 'Vaginal Intraepithelial Neoplasia', conditions: [
      { id: 2101, name: 'Vaginal low-grade squamous intraepithelial lesion' },
      { id: 2102, name: 'Vaginal high-grade squamous intraepithelial lesion' },
    ],
  },
  {
    id: 22, name: 'Benign Vaginal Lesion', conditions: [
      { id: 2201, name: 'Gartner duct cyst' },
      { id: 2202, name: 'Vaginal inclusion cyst' },
      { id: 2203, name: 'Vaginal septum' },
    ],
  },
  {
    id: 23, name: 'Malignant Neoplasm of the Vagina', conditions: [
      { id: 2301, name: 'Squamous cell carcinoma of the vagina' },
      { id: 2302, name: 'Clear cell adenocarcinoma of the vagina' },
      { id: 2303, name: 'Melanoma of the vagina' },
    ],
  },
  {
    id: 24, name: 'Adnexal Torsion', conditions: [
      { id: 2401, name: 'Ovarian torsion' },
      { id: 2402, name: 'Isolated tubal torsion' },
      { id: 2403, name: 'Paratubal cyst torsion' },
    ],
  },
  {
    id: 25, name: 'Female Infertility', conditions: [
      { id: 2501, name: 'Infertility, tubal factor' },
      { id: 2502, name: 'Infertility, ovulatory factor' },
      { id: 2503, name: 'Infertility, uterine factor' },
      { id: 2504, name: 'Unexplained infertility' },
    ],
  },
  {
    id: 26, name: 'Amenorrhea', conditions: [
      { id: 2601, name: 'Primary amenorrhea' },
      { id: 2602, name: 'Secondary amenorrhea' },
    ],
  },
  {
    id: 27, name: 'Polycystic Ovary Syndrome', conditions: [
      { id: 2701, name: 'Polycystic ovary syndrome' },
    ],
  },
  {
    id: 28, name: 'Menopausal and Postmenopausal Disorders', conditions: [
      { id: 2801, name: 'Postmenopausal bleeding' },
      { id: 2802, name: 'Genitourinary syndrome of menopause' },
      { id: 2803, name: 'Severe vasomotor symptoms' },
    ],
  },
  {
    id: 29, name: 'Genital Tract Fistula', conditions: [
      { id: 2901, name: 'Vesicovaginal fistula' },
      { id: 2902, name: 'Rectovaginal fistula' },
      { id: 2903, name: 'Ureterovaginal fistula' },
    ],
  },
  {
    id: 30, name: 'Urinary Incontinence', conditions: [
      { id: 3001, name: 'Stress urinary incontinence' },
      { id: 3002, name: 'Urge urinary incontinence' },
      { id: 3003, name: 'Mixed urinary incontinence' },
    ],
  },
  {
    id: 31, name: 'Intrauterine Adhesions', conditions: [
      { id: 3101, name: 'Asherman syndrome' },
    ],
  },
  {
    id: 32, name: 'Mullerian Anomaly', conditions: [
      { id: 3201, name: 'Septate uterus' },
      { id: 3202, name: 'Bicornuate uterus' },
      { id: 3203, name: 'Unicornuate uterus' },
      { id: 3204, name: 'Uterus didelphys' },
      { id: 3205, name: 'Mullerian agenesis (MRKH syndrome)' },
      { id: 3206, name: 'Imperforate hymen or transverse vaginal septum' },
    ],
  },
  {
    id: 33, name: 'Chronic Pelvic Pain', conditions: [
      { id: 3301, name: 'Chronic pelvic pain' },
      { id: 3302, name: 'Pelvic congestion syndrome' },
    ],
  },
  {
    id: 34, name: 'Dysmenorrhea', conditions: [
      { id: 3401, name: 'Primary dysmenorrhea' },
      { id: 3402, name: 'Secondary dysmenorrhea' },
    ],
  },
  {
    id: 35, name: 'Tubal Disease', conditions: [
      { id: 3501, name: 'Hydrosalpinx' },
      { id: 3502, name: 'Paratubal cyst' },
      { id: 3503, name: 'Tubal occlusion' },
    ],
  },
  {
    id: 36, name: 'Genital Tract Infection', conditions: [
      { id: 3601, name: 'Genital warts (condylomata acuminata)' },
      { id: 3602, name: 'Genital herpes' },
      { id: 3603, name: 'Genital tuberculosis' },
    ],
  },
  {
    id: 37, name: 'Vaginitis', conditions: [
      { id: 3701, name: 'Bacterial vaginosis' },
      { id: 3702, name: 'Vulvovaginal candidiasis' },
      { id: 3703, name: 'Trichomoniasis' },
      { id: 3704, name: 'Atrophic vaginitis' },
    ],
  },
  {
    id: 38, name: 'Premature Ovarian Insufficiency', conditions: [
      { id: 3801, name: 'Premature ovarian insufficiency' },
    ],
  },
  {
    id: 39, name: 'Hyperprolactinemia and Pituitary Disorders', conditions: [
      { id: 3901, name: 'Hyperprolactinemia' },
      { id: 3902, name: 'Prolactinoma' },
    ],
  },
  {
    id: 40, name: 'Cervical Stenosis and Hematometra', conditions: [
      { id: 4001, name: 'Cervical stenosis' },
      { id: 4002, name: 'Hematometra' },
      { id: 4003, name: 'Pyometra' },
    ],
  },
  {
    id: 41, name: 'Non-obstetric Genital Tract Injury', conditions: [
      { id: 4101, name: 'Vulvar or vaginal laceration' },
      { id: 4102, name: 'Vulvar hematoma' },
      { id: 4103, name: 'Injury from sexual assault' },
    ],
  },
  {
    id: 42, name: 'Contraception-related Condition', conditions: [
      { id: 4201, name: 'Misplaced or embedded intrauterine device' },
      { id: 4202, name: 'Retained contraceptive implant' },
    ],
  },
  {
    id: 43, name: 'Postoperative Complication', conditions: [
      { id: 4301, name: 'Surgical site infection' },
      { id: 4302, name: 'Vaginal cuff dehiscence' },
      { id: 4303, name: 'Pelvic hematoma' },
      { id: 4304, name: 'Urinary tract injury' },
      { id: 4305, name: 'Bowel injury' },
    ],
  },
  {
    id: 44, name: 'Pelvic Mass, Undiagnosed', conditions: [
      { id: 4401, name: 'Adnexal mass, nature undetermined' },
      { id: 4402, name: 'Uterine mass, nature undetermined' },
    ],
  },
  {
    id: 45, name: 'Urethral Lesion', conditions: [
      { id: 4501, name: 'Urethral caruncle' },
      { id: 4502, name: 'Urethral diverticulum' },
    ],
  },
  {
    id: 46, name: 'Ovarian Hyperstimulation Syndrome', conditions: [
      { id: 4601, name: 'Moderate ovarian hyperstimulation syndrome' },
      { id: 4602, name: 'Severe ovarian hyperstimulation syndrome' },
    ],
  },
  {
    id: 47, name: 'Pelvic Adhesions', conditions: [
      { id: 4701, name: 'Pelvic adhesive disease' },
    ],
  },
  {
    id: 211, name: 'Malignant Neoplasm of the Fallopian Tube', conditions: [
      { id: 21101, name: 'Serous carcinoma of the fallopian tube' },
      { id: 21102, name: 'Other carcinoma of the fallopian tube' },
    ],
  },
  {
    id: 212, name: 'Uterine Sarcoma', conditions: [
      { id: 21201, name: 'Leiomyosarcoma' },
      { id: 21202, name: 'Low-grade endometrial stromal sarcoma' },
      { id: 21203, name: 'High-grade endometrial stromal sarcoma' },
      { id: 21204, name: 'Adenosarcoma' },
      { id: 21205, name: 'Undifferentiated uterine sarcoma' },
    ],
  },
  {
    id: 213, name: 'Gestational Trophoblastic Neoplasia', conditions: [
      { id: 21301, name: 'Invasive mole' },
      { id: 21302, name: 'Choriocarcinoma' },
      { id: 21303, name: 'Placental site trophoblastic tumor' },
      { id: 21304, name: 'Epithelioid trophoblastic tumor' },
      { id: 21305, name: 'Post-molar gestational trophoblastic neoplasia' },
    ],
  },
  {
    id: 214, name: 'Primary Peritoneal Carcinoma', conditions: [
      { id: 21401, name: 'Primary peritoneal serous carcinoma' },
      { id: 21402, name: 'Malignant peritoneal mesothelioma' },
    ],
  },
  {
    id: 215, name: 'Hydatidiform Mole', conditions: [
      { id: 21501, name: 'Complete hydatidiform mole' },
      { id: 21502, name: 'Partial hydatidiform mole' },
    ],
  },
  {
    id: 216, name: 'Secondary Malignancy of the Genital Tract', conditions: [
      { id: 21601, name: 'Metastatic gastrointestinal carcinoma to the ovary (Krukenberg tumor)' },
      { id: 21602, name: 'Metastatic breast carcinoma to the genital tract' },
      { id: 21603, name: 'Direct extension of colorectal or bladder carcinoma' },
    ],
  },
  {
    id: 50, name: 'Others', conditions: [
      { id: 999999, name: 'Others', prompt: 'Specify histopath diagnosis' },
    ],
  },
];

/** SPEC.md §3: the malignant categories. */
export const MALIGNANT_CATEGORY_IDS: readonly number[] = [14, 15, 16, 18, 23, 211, 212, 213, 214, 216];
/** SPEC.md §3: the in-situ condition. */
export const IN_SITU_CONDITION_ID = 1000033;
/** Premalignant and borderline categories: tumor class Special (SPEC.md §3 tumor class). */
export const SPECIAL_CATEGORY_IDS: readonly number[] = [4, 11, 17, 19, 21, 215];
