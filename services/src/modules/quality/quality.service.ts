import { Injectable } from '@nestjs/common';
import type { CaseQualityList, QualityCompleteness, QualityFindingView, QualitySummary } from '@pnss/libs/api';
import { QUALITY_RULES, completenessShare, departmentScore, sectionCompleteness } from '@pnss/libs/quality';
import { CASE_SECTIONS, FIELD_META, fieldMeta } from '@pnss/libs/validation';
import { QualityErrorCode, qualityError } from './quality.errors.js';
import { QualityRepository } from './quality.repository.js';

/** Per case id: the fields with an open query, the quality rules failed; a case without either is absent. */
export interface ApprovalQualityFacts {
  openQueryFields: ReadonlyMap<string, readonly string[]>;
  qualityRules: ReadonlyMap<string, readonly string[]>;
}

const SEVERITY = new Map<string, 'error' | 'warning'>(QUALITY_RULES.map((r) => [r.id, r.severity]));

/**
 * The Data Quality view (issue 31): sums of the reviews the case writes stored (case_quality and its
 * day counters), so a year of a department answers from a few thousand counter rows; the rules
 * themselves run only when a case is written (@pnss/libs/quality caseQuality).
 */
@Injectable()
export class QualityService {
  constructor(private readonly repository: QualityRepository) {}

  async summary(from: string, to: string): Promise<QualitySummary> {
    if (from > to) throw qualityError(QualityErrorCode.RangeReversed);
    const [counters, behind] = await Promise.all([this.repository.counters(from, to), this.repository.casesByRule(QUALITY_RULES.map((r) => r.id), from, to)]);
    const cases = counters.get('cases') ?? 0;
    const rules = QUALITY_RULES.map((rule) => ({
      rule: rule.id,
      title: rule.title,
      severity: rule.severity,
      cases: counters.get(`rule:${rule.id}`) ?? 0,
      caseList: behind.filter((b) => b.rule === rule.id).map((b) => ({ _id: b.id, caseNum: b.caseNum, patientid: b.patientId })),
    }));
    const fields: QualityCompleteness[] = [];
    for (const [key, asked] of counters) {
      if (!key.startsWith('asked:')) continue;
      const field = key.slice('asked:'.length);
      const answered = asked - (counters.get(`missing:${field}`) ?? 0);
      const meta = FIELD_META[field] ?? fieldMeta(field);
      fields.push({ field, label: meta.label, section: meta.section, asked, answered, share: completenessShare(answered, asked) });
    }
    const order = Object.keys(FIELD_META);
    fields.sort((a, b) => order.indexOf(a.field ?? '') - order.indexOf(b.field ?? ''));
    // The denominators are libs QUALITY_DENOMINATORS, which the view quotes under each figure.
    const sections = CASE_SECTIONS.map((section) => ({
      field: null, label: section, section, ...sectionCompleteness(fields.filter((f) => f.section === section)),
    }));
    const score = departmentScore(counters.get('score') ?? 0, cases);
    return { from, to, cases, score, rules, sections, fields };
  }

  /** The stored review of each case named, with the fields of its open queries: what the Cases tab shows beside Approve. */
  async cases(ids: string[]): Promise<CaseQualityList> {
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const [reviews, open] = await Promise.all([this.repository.reviews(unique), this.repository.openQueryFields(unique)]);
    return {
      result: reviews.map((review) => {
        const findings: QualityFindingView[] = review.findings;
        return {
          _id: review.caseId,
          score: review.score,
          errors: findings.filter((f) => SEVERITY.get(f.rule) === 'error'),
          warnings: findings.filter((f) => SEVERITY.get(f.rule) !== 'error'),
          openQueryFields: open.get(review.caseId) ?? [],
        };
      }),
    };
  }

  /**
   * What the approval rule asks of each case beyond the packageable rule (libs approvalRefusal): the
   * fields with a query not closed, and the quality rules its stored review fails.
   */
  async approvalFacts(ids: string[]): Promise<ApprovalQualityFacts> {
    const [openQueryFields, qualityRules] = await Promise.all([this.repository.openQueryFields(ids), this.repository.failedRules(ids)]);
    return { openQueryFields, qualityRules };
  }
}
