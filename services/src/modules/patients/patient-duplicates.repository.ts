import { Injectable } from '@nestjs/common';
import { asc, eq } from 'drizzle-orm';
import { DatabaseService } from '../../database/database.service.js';
import { patients } from '../../database/patients.schema.js';

/** The most patients born on one day the duplicate check reads: more would be a data problem, not a ward. */
export const DUPLICATE_SCAN_LIMIT = 1000;

export interface PatientNameRow {
  id: string;
  firstName: string;
  lastName: string;
  birthDate: string | null;
}

/**
 * The duplicate check's one query (issue 14 item 3): the patients born on a day (patients_birth_date_idx,
 * migration 0007). The names are compared by the libs rule `isSamePatient`, not in SQL, so the form
 * and the server agree on what "the same name" means.
 */
@Injectable()
export class PatientDuplicatesRepository {
  constructor(private readonly database: DatabaseService) {}

  async bornOn(birthDate: string): Promise<PatientNameRow[]> {
    return this.database.db
      .select({ id: patients.id, firstName: patients.firstName, lastName: patients.lastName, birthDate: patients.birthDate })
      .from(patients)
      .where(eq(patients.birthDate, birthDate))
      .orderBy(asc(patients.id))
      .limit(DUPLICATE_SCAN_LIMIT);
  }
}
