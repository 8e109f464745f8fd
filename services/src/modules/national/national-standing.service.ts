import { Injectable } from '@nestjs/common';
import type { NationalFiguresAnswer, NationalStandingAnswer, NationalStandingFigures } from '@pnss/libs/api';
import { SUPPRESSION_NOTE } from '@pnss/libs/reports';
import { hashKey } from '../../common/access/hub-keys.js';
import { NationalErrorCode, nationalError } from './national.errors.js';
import { NationalFiguresService, published, publishedPerinatal, publishedRate } from './national-figures.service.js';
import { NationalRepository } from './national.repository.js';

type Figures = Pick<NationalFiguresAnswer, 'cases' | 'maternal' | 'perinatal' | 'caesarean'>;

function standingFigures(figures: Figures, publish: boolean): NationalStandingFigures {
  const cases = { count: figures.cases, mark: 'shown' as const };
  if (!publish) {
    return { cases, mmr: figures.maternal.mmr, caesarean: figures.caesarean.rate, perinatal: figures.perinatal };
  }
  return {
    cases: published({ count: figures.cases, mark: figures.cases >= 1 && figures.cases <= 4 ? 'small' : 'shown' }),
    mmr: publishedRate(figures.maternal.mmr),
    caesarean: publishedRate(figures.caesarean.rate),
    perinatal: { international: publishedPerinatal(figures.perinatal.international), national: publishedPerinatal(figures.perinatal.national) },
  };
}

/** A department's standing (issue 29 'Back to the departments'): its own figures beside the nation's, suppressed. */
@Injectable()
export class NationalStandingService {
  constructor(
    private readonly figures: NationalFiguresService,
    private readonly repository: NationalRepository,
  ) {}

  async standing(departmentId: string | undefined, apiKey: string | undefined, query: Record<string, unknown>): Promise<NationalStandingAnswer> {
    this.figures.assertEnabled();
    const department = departmentId?.trim();
    const key = apiKey?.trim();
    if (!department || !key) throw nationalError(NationalErrorCode.CredentialsMissing);
    if ((await this.repository.departmentOfKey(hashKey(key))) !== department) throw nationalError(NationalErrorCode.KeyRefused);
    const { scope, department: own, national, positions } = await this.figures.standingOf(department, query);
    return {
      departmentId: department, from: scope.from, to: scope.to,
      department: standingFigures(own, false), national: standingFigures(national, true),
      positions, computedAt: new Date().toISOString(), suppression: SUPPRESSION_NOTE,
    };
  }
}
