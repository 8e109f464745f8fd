import type { CaseForm, CensusPackage } from '@pnss/libs/api';
import { applyCaseChange } from '@pnss/libs/rules';
import { closableObCase } from '@pnss/libs/testing';
import { type CaseBody, closableGyneBody, closableObBody, createCase, createPatient, daysAgo, nextCaseNum } from './patient-cases.js';
import type { SignedIn, TestApp } from './test-app.js';

/**
 * Census-package helpers for the Submissions and hub API tests: closed cases, approvals, and waiting
 * for a background build to finish.
 */

/** What a client sends: the form without the fields the server owns. */
export function bodyOf(form: CaseForm): CaseBody {
  const { _id, patientid, isClose, isArchived, submissionId, version, createdAt, updatedAt, ...body } = form;
  void [_id, patientid, isClose, isArchived, submissionId, version, createdAt, updatedAt];
  return body;
}

/** A closable OB admission for a complete hydatidiform mole, as the case form leaves it (no delivery), with its GTD answers. */
export function molarObBody(caseNum: string, gtd: Partial<CaseForm> = { gtdDiagnosis: 2, gtdComplication: 1 }): CaseBody {
  const ob = closableObCase({ caseNum, admissionDate: daysAgo(11), dischargeDate: daysAgo(7) });
  return bodyOf(applyCaseChange(ob, { pregnancyType: 5, molarType: 2, ...gtd }));
}

export async function closedCase(t: TestApp, as: SignedIn, kind: 'ob' | 'gyne' | 'molar' = 'ob', patientOverrides: Record<string, unknown> = {}) {
  const patient = await createPatient(t, as, patientOverrides);
  const body = kind === 'ob' ? closableObBody(nextCaseNum('C')) : kind === 'molar' ? molarObBody(nextCaseNum('M')) : closableGyneBody(nextCaseNum('G'));
  const created = await createCase(t, as, patient._id, body);
  const closed = await t.http
    .put(`/api/patients/${patient._id}/cases/${created._id}/close`)
    .set('Authorization', as.authorization)
    .send({});
  if (closed.status !== 200) throw new Error(`Closing failed: ${closed.status} ${JSON.stringify(closed.body)}`);
  const reread = await t.http.get(`/api/patients/${patient._id}/cases/${created._id}`).set('Authorization', as.authorization);
  return { patient, form: reread.body as CaseForm };
}

export async function approve(t: TestApp, as: SignedIn, caseIds: string[], approved = true) {
  const response = await t.http.put('/api/submissions/cases/approval').set('Authorization', as.authorization).send({ caseIds, approved });
  if (response.status !== 200) throw new Error(`Approval failed: ${response.status} ${JSON.stringify(response.body)}`);
}

/** Polls the package until its build is over (or `timeoutMs` passes). */
export async function untilBuilt(t: TestApp, as: SignedIn, submissionId: string, timeoutMs = 20_000): Promise<CensusPackage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await t.http.get(`/api/submissions/census/packages/${submissionId}`).set('Authorization', as.authorization);
    const pkg = response.body as CensusPackage;
    if (response.status === 200 && !pkg.building) return pkg;
    if (Date.now() > deadline) throw new Error(`Package ${submissionId} still building: ${JSON.stringify(pkg)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Creates a package of the given (approved) cases and waits for the build. */
export async function packageOf(t: TestApp, as: SignedIn, caseIds: string[]): Promise<CensusPackage> {
  await approve(t, as, caseIds);
  const response = await t.http.post('/api/submissions/cases/create').set('Authorization', as.authorization).send({ selectedCases: caseIds });
  if (response.status !== 202) throw new Error(`Create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return untilBuilt(t, as, (response.body as CensusPackage).submissionId);
}

/** Downloads a package file through a single-use ticket. */
export async function downloadPackage(t: TestApp, as: SignedIn, submissionId: string): Promise<Buffer> {
  const ticket = await t.http.post(`/api/submissions/download/${submissionId}`).set('Authorization', as.authorization);
  if (ticket.status !== 200) throw new Error(`Ticket failed: ${ticket.status} ${JSON.stringify(ticket.body)}`);
  const file = await t.http
    .get((ticket.body as { url: string }).url)
    .buffer(true)
    .parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });
  if (file.status !== 200) throw new Error(`Download failed: ${file.status}`);
  return file.body as Buffer;
}
