import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi } from '@pnss/web/testing';
import { currentPath, page, renderModuleAt } from '../../testing/render-module.js';

function typeDate(label: string, text: string) {
  const input = screen.getByRole('textbox', { name: label });
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

const info = {
  _id: 'c1',
  caseid: 'c1',
  patientid: 'p1',
  caseNum: 'PCRN-001',
  birthDate: '1990-03-15',
  pediatricConfirmed: false,
  isClose: false,
  isArchived: false,
  version: 5,
};

describe('Case information', () => {
  it("New Case refuses to save without a case number ('Case number is required')", async () => {
    const api = mockApi({});
    const { user } = renderModuleAt('/newpatientcase');
    expect(screen.getByRole('heading', { name: 'New Case' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Case number is required')).toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });

  it("saves a new case, says 'Successfully added new patient case!' and opens the case form of the returned ids", async () => {
    const api = mockApi({
      'POST /api/patientcases': {
        status: 201,
        body: { _id: 'p9', patientid: 'p9', caseid: 'c9', caseNum: 'PCRN-009', birthDate: '1990-03-15', pediatricConfirmed: false, version: 1 },
      },
    });
    const { user } = renderModuleAt('/newpatientcase');
    await user.type(screen.getByRole('textbox', { name: 'Case Number' }), 'PCRN-009');
    await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Maria');
    await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Santos');
    typeDate('Birth Date', '3/15/1990');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully added new patient case!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/patients/p9/case/c9'));
    const post = api.requests.find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({
      caseNum: 'PCRN-009', firstName: 'Maria', middleName: null, lastName: 'Santos', birthDate: '1990-03-15', pediatricConfirmed: false,
    });
  });

  it("Cases → Add asks the patient's name as New Patient does: 'First name is required', the last name optional", async () => {
    const api = mockApi({});
    const { user } = renderModuleAt('/newpatientcase');
    await user.type(screen.getByRole('textbox', { name: 'Case Number' }), 'PCRN-010');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.queryByText('Last name is required')).not.toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });

  it('a new patient whose name and birth date match an existing patient is said so before saving, with the patient to open instead', async () => {
    const api = mockApi({
      'GET /api/patients/duplicates': {
        body: { items: [{ _id: 'p1', patientid: 'p1', firstName: 'Maria', middleName: null, lastName: 'Santos', avatar: null, birthDate: '1990-03-15', hasOpenCase: true, isAdmitted: false }] },
      },
      'GET /api/patients/p1': { body: { _id: 'p1', patientid: 'p1', firstName: 'Maria', middleName: null, lastName: 'Santos', avatar: null, birthDate: '1990-03-15', pediatricConfirmed: false, hasOpenCase: true, medicalHistory: [] } },
      'GET /api/patients/p1/cases': { body: [] },
      'GET /api/patients': page([]),
      'GET /api/patients/all/count': { body: { numOfPatients: 1 } },
    });
    const { user } = renderModuleAt('/newpatientcase');
    await user.type(screen.getByRole('textbox', { name: 'Case Number' }), 'PCRN-011');
    await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'maria ');
    await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Santos');
    typeDate('Birth Date', '3/15/1990');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('This patient may already exist')).length).toBeGreaterThan(0);
    const check = api.requests.find((r) => r.url.includes('/patients/duplicates'))!;
    expect(new URL(check.url).searchParams.get('birthDate')).toBe('1990-03-15');
    await user.click(screen.getByRole('button', { name: 'Open this patient' }));
    await waitFor(() => expect(currentPath()).toBe('/patients/p1'));
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("Edit Case saves with the version opened, says 'Successfully updated patient case information!' and returns to #/cases", async () => {
    const api = mockApi({
      'GET /api/patientcases/c1': { body: info },
      'PUT /api/patientcases/c1': { body: { ...info, caseNum: 'PCRN-001A', _id: 'p1', version: 6 } },
      'GET /api/patientcases': page([]),
    });
    const { user } = renderModuleAt('/cases/c1/info');
    expect(screen.getByRole('heading', { name: 'Edit Case' })).toBeInTheDocument();
    const caseNum = await screen.findByRole('textbox', { name: 'Case Number' });
    expect(caseNum).toHaveValue('PCRN-001');
    await user.type(caseNum, 'A');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully updated patient case information!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/cases'));
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(await put?.json()).toEqual({ caseNum: 'PCRN-001A', birthDate: '1990-03-15', pediatricConfirmed: false, patientid: 'p1', version: 5 });
  });

  it('Back returns to the cases list', async () => {
    mockApi({ 'GET /api/patientcases': page([]) });
    const { user } = renderModuleAt('/newpatientcase');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(currentPath()).toBe('/cases'));
  });

  it('the close button returns to the cases list too', async () => {
    mockApi({ 'GET /api/patientcases': page([]) });
    const { user } = renderModuleAt('/newpatientcase');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(currentPath()).toBe('/cases'));
  });

  it("shows the server's answer when the case number is taken", async () => {
    mockApi({
      'POST /api/patientcases': {
        status: 409,
        body: { statusCode: 409, message: 'Case number already exists', errors: [{ field: 'caseNum', message: 'Case number already exists' }] },
      },
    });
    const { user } = renderModuleAt('/newpatientcase');
    await user.type(screen.getByRole('textbox', { name: 'Case Number' }), 'PCRN-001');
    await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Maria');
    await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Santos');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Case number already exists')).toHaveLength(2);
    expect(currentPath()).toBe('/newpatientcase');
  });

  it('a closed case is shown read-only', async () => {
    mockApi({ 'GET /api/patientcases/c1': { body: { ...info, isClose: true } } });
    renderModuleAt('/cases/c1/info');
    expect(await screen.findByText('This case is closed and can no longer be edited. Reopen it to make changes.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Case Number' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
