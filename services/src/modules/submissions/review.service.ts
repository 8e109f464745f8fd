import { Injectable } from '@nestjs/common';
import type { ApprovalResponse, ClosedCaseListItem, ClosedCasesResponse, SubmissionCaseType } from '@pnss/libs/api';
import { caseTypesOf, correctionNotice, needsWarningsConfirmation } from '@pnss/libs/submissions';
import { pageWindow } from '../../common/paging/page-query.dto.js';
import { DatabaseService } from '../../database/database.service.js';
import { type AuditActor, AuditService } from '../audit/audit.service.js';
import { QualityService } from '../quality/quality.service.js';
import { assertCasesApprovable, assertCasesFound } from './packageable-cases.js';
import { type ReviewRow, SubmissionsRepository } from './submissions.repository.js';

/**
 * The Cases tab of Submissions (SPEC.md §2): the review lists of closed cases and their approval.
 * A reviewer approves the version of a case they saw; a later version of it is not approved.
 */
@Injectable()
export class ReviewService {
  constructor(
    private readonly repository: SubmissionsRepository,
    private readonly database: DatabaseService,
    private readonly audit: AuditService,
    private readonly quality: QualityService,
  ) {}

  async closedCases(type: SubmissionCaseType | null, offset: number | undefined): Promise<ClosedCasesResponse<ClosedCaseListItem>> {
    const { page, limit, skip } = pageWindow(offset);
    const { rows, count } = await this.repository.reviewPage(type, limit, skip);
    return { result: rows.map((row) => toClosedCaseItem(row, type)), count, offset: page };
  }

  async setApproval(actor: AuditActor, caseIds: string[], approved: boolean, warningsConfirmed = false): Promise<ApprovalResponse> {
    const ids = [...new Set(caseIds.map((id) => id.toLowerCase()))];
    const rows = await this.repository.checkCases(ids);
    assertCasesFound(ids, rows);
    const quality = approved ? await this.quality.approvalFacts(ids) : null;
    if (quality) assertCasesApprovable(rows, quality, warningsConfirmed);
    await this.database.transaction(async (tx) => {
      if (approved) {
        await this.repository.approve(tx, rows.map((r) => ({ caseId: r.id, caseVersion: r.version })), actor);
        for (const row of rows) {
          await this.audit.record(tx, {
            actor, entity: 'case', entityId: row.id, action: 'approve',
            changes: [
              { field: 'approved', old: row.approvedVersion === row.version, new: true },
              // Issue 31: approved over the case's data-quality warnings, which the reviewer was shown and confirmed.
              ...(warningsConfirmed && needsWarningsConfirmation({ qualityRules: quality?.qualityRules.get(row.id) ?? [] })
                ? [{ field: 'warningsConfirmed', old: null, new: true }]
                : []),
            ],
          });
        }
      } else {
        const withdrawn = await this.repository.withdraw(tx, ids);
        for (const id of withdrawn) {
          await this.audit.record(tx, {
            actor, entity: 'case', entityId: id, action: 'withdraw_approval', changes: [{ field: 'approved', old: true, new: false }],
          });
        }
      }
    });
    return { caseIds: ids, approved };
  }
}

/**
 * A review item. `caseTypes` are every list the case appears in (the libs rule); `caseType` is the
 * list it was read from, or on the all-cases list the first of its own types.
 */
function toClosedCaseItem(row: ReviewRow, list: SubmissionCaseType | null): ClosedCaseListItem {
  const caseTypes = caseTypesOf(row);
  const caseType = list ?? caseTypes[0] ?? 'maternalfetalcase';
  const base = {
    _id: row.id,
    caseNum: row.caseNum,
    admissionDate: row.admissionDate,
    dischargeDate: row.dischargeDate,
    patientid: {
      _id: row.patientId, firstName: row.firstName, middleName: row.middleName, lastName: row.lastName, birthDate: row.birthDate,
    },
    approved: row.approvedVersion === row.version,
    submissionId: null,
    correction: correctionNotice(row.corrections),
    // Every type's columns: the all-cases list shows whichever the reviewer's filter asks for.
    pregnancyType: row.pregnancyType,
    deliveryManner: row.deliveryManner,
    motherCondition: row.motherCondition,
    infantsNumber: row.infantsNumber,
    livebirthCount: row.livebirthCount ?? 0,
    gyneOrgan: row.gyneOrgan,
    organCondition: row.organCondition,
    antecedentCause: row.antecedentCause,
    immediateCause: row.immediateCause,
    gtdDiagnosis: row.gtdDiagnosis,
    gtdComplication: row.gtdComplication,
  };
  return { ...base, caseType, caseTypes };
}
